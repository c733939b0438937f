/// An error whose `description` is already the one line a person reads: what happened and
/// what to do. It lives in this leaf so every layer's errors can say their own line, those of
/// targets NewsCore cannot see (the pictures') included: `ErrorMessage` asks it first.
public protocol ExplainedError: Error, CustomStringConvertible {}
