extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives them. Written out for what runs at
    /// every start (the commands' usage lines, the resource folder's path): the standard library's `joined` is
    /// generic code compiled without this program, whose first call asks the Swift runtime whether `Array`
    /// conforms to `Collection`, a scan of all the binary's conformance records (8% of a start-up).
    public func joinedText(separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
