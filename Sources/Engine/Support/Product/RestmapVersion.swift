/// restmap's version, as `--version` prints it and reports (SARIF's tool driver) name it.
public enum RestmapVersion {
    public static let current = "0.1.0"
}
