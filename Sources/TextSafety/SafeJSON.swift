/// JSON text with every scalar `SafeText` forbids written as a `\uXXXX` escape: the same
/// data for a parser, nothing for a terminal to act on.
public enum SafeJSON {
    public static func escapingUnsafe(_ json: String) -> String {
        var json = json
        guard json.withUTF8(SafeText.needsSanitizing) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if scalar != "\n", SafeText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
