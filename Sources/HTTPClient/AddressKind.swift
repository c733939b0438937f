import Glibc

/// Addresses that lead into the machine or the network it stands in rather than out to the
/// web: a page from anywhere may not send wpnews there, as a link in a feed could otherwise
/// make it ask a router or a local service on the feed's behalf.
public enum AddressKind: String, Sendable, Hashable, CaseIterable {
    /// 127.0.0.0/8, 0.0.0.0/8 (which Linux connects to this machine), ::1, ::.
    case loopback
    /// 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7.
    case privateNetwork = "private"
    /// 169.254/16, fe80::/10.
    case linkLocal = "link-local"

    /// What a numeric address is; nil for an address out on the web, or text that is no address.
    public static func of(address text: String) -> AddressKind? {
        var ipv4 = in_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 {
            return of(ipv4: UInt32(bigEndian: ipv4.s_addr))
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        // ::ffff:a.b.c.d is an IPv4 address written for an IPv6 socket.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return of(ipv4: bytes[12...].reduce(0) { $0 << 8 | UInt32($1) })
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] <= 1 { return .loopback }
        if bytes[0] & 0xfe == 0xfc { return .privateNetwork }
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .linkLocal }
        return nil
    }

    private static func of(ipv4 address: UInt32) -> AddressKind? {
        let first = address >> 24, second = (address >> 16) & 0xff
        switch first {
        case 0, 127: return .loopback
        case 10: return .privateNetwork
        case 172 where (16...31).contains(second): return .privateNetwork
        case 192 where second == 168: return .privateNetwork
        case 100 where (64...127).contains(second): return .privateNetwork
        case 169 where second == 254: return .linkLocal
        default: return nil
        }
    }

    /// What a host is as written, with no lookup: a numeric address (`[::1]` included), or
    /// `localhost`. Any other name is nil: whoever runs its DNS decides where it leads, and
    /// can change it at will.
    public static func of(host: String) -> AddressKind? {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return name.lowercased() == "localhost" ? .loopback : of(address: name)
    }
}
