/// A JSON array of one `object` with `fields` given after its own: bodies for the readers'
/// tests. A key given twice counts the first time, so `fields` cannot replace the object's
/// own: `replacing` does.
func arrayOfOne(_ object: String, adding fields: String = "", replacing: (String, String)? = nil) -> String {
    var object = object
    if let (old, new) = replacing { object = object.replacingOccurrences(of: old, with: new) }
    if !fields.isEmpty { object = String(object.dropLast()) + "," + fields + "}" }
    return "[" + object + "]"
}
