# NDJSON case, one employee object a line, run with -c: the records restmap prints for
#   restmap map -c bench/employees-stream.plist --path /employees --format ndjson employees.ndjson
# (no fk connection in that config: secondary_dept stays an attribute, secondaryDeptId).
select(.type == "employee")
| {_entity: "Employee", entityId: .id, name, description, secondaryDeptId: .secondary_dept,
   dept: (if .dept == null then null else {_entity: "Department", entityId: .dept.id, name: .dept.name} end)}
