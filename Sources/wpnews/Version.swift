enum Version {
    static let current = "0.1.0"
    static let userAgent = "wpnews/\(current) (terminal news reader for WordPress)"
}
