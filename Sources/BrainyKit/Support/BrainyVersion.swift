/// The version of the shell, which the remote config's minimum app version is compared with.
public enum BrainyVersion {
    public static let current = "0.1.0"
}
