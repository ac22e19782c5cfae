import RestmapCore

print("restmap")
