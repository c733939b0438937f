import Glibc

/// Addresses that lead into the machine or the network it stands in rather than out to the
/// web: a page from anywhere may not send wpnews there, as a link in a feed could otherwise
/// make it ask a router or a local service on the feed's behalf.
public enum AddressKind: String, Sendable, Hashable, CaseIterable {
    /// 127.0.0.0/8, 0.0.0.0/8 (which Linux connects to this machine), ::1, ::.
    case loopback
    /// 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7, 64:ff9b:1::/48
    /// (a network's own IPv4/IPv6 translation), fec0::/10 (site-local: deprecated, but a
    /// network may still route it inside).
    case privateNetwork = "private"
    /// 169.254/16, fe80::/10.
    case linkLocal = "link-local"
    /// 198.18/15 (set aside for benchmarking networks), 192.0.0/24 (the IETF's protocol
    /// assignments), 192.0.2/24, 198.51.100/24 and 203.0.113/24 (for documentation), 224/4 and
    /// ff00::/8 (multicast), 240/4 (reserved, the broadcast address included) and 100::/64
    /// (discarded): never routed to a web server, so only a network of its own leads there.
    case reserved

    /// What a numeric address is; nil for an address out on the web, or text that is no address.
    /// IPv4 is read by `inet_aton`, as resolvers and proxies read a host: `127.1`, `0x7f.0.0.1`,
    /// `017700000001` and `2130706433` are all 127.0.0.1, and a proxy would connect there.
    public static func of(address text: String) -> AddressKind? {
        var ipv4 = in_addr()
        if inet_aton(text, &ipv4) == 1 {
            return of(ipv4: UInt32(bigEndian: ipv4.s_addr))
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        // An IPv4 address inside an IPv6 one leads where the IPv4 address does: ::ffff:a.b.c.d
        // (written for an IPv6 socket), ::a.b.c.d (the old compatible form; :: and ::1 read
        // as 0.0.0.0 and 0.0.0.1, this machine), ::ffff:0:a.b.c.d (SIIT's translated form),
        // 64:ff9b::a.b.c.d (NAT64's well-known prefix, how an IPv6-only network reaches the
        // IPv4 web) and 2002:aabb:ccdd::/48 (6to4, whose relay tunnels to a.b.c.d).
        let embedded = bytes[12...].reduce(0) { $0 << 8 | UInt32($1) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == bytes[11], bytes[10] == 0 || bytes[10] == 0xff {
            return of(ipv4: embedded)
        }
        if bytes[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0]) { return of(ipv4: embedded) }
        if bytes[0..<12].elementsEqual([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]) { return of(ipv4: embedded) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return of(ipv4: bytes[2..<6].reduce(0) { $0 << 8 | UInt32($1) }) }
        // 64:ff9b:1::/48 is for a network's own translation: where it leads is that network's.
        if bytes[0..<6].elementsEqual([0, 0x64, 0xff, 0x9b, 0, 1]) { return .privateNetwork }
        if bytes[0] & 0xfe == 0xfc { return .privateNetwork }
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .linkLocal }
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 { return .privateNetwork }
        if bytes[0..<8].elementsEqual([1, 0, 0, 0, 0, 0, 0, 0]) || bytes[0] == 0xff { return .reserved }
        return nil
    }

    private static func of(ipv4 address: UInt32) -> AddressKind? {
        let first = address >> 24, second = (address >> 16) & 0xff, third = (address >> 8) & 0xff
        switch first {
        case 0, 127: return .loopback
        case 10: return .privateNetwork
        case 172 where (16...31).contains(second): return .privateNetwork
        case 192 where second == 168: return .privateNetwork
        case 100 where (64...127).contains(second): return .privateNetwork
        case 169 where second == 254: return .linkLocal
        case 198 where second == 18 || second == 19: return .reserved
        case 192 where second == 0 && (third == 0 || third == 2): return .reserved
        case 198 where second == 51 && third == 100: return .reserved
        case 203 where second == 0 && third == 113: return .reserved
        case 224...255: return .reserved
        default: return nil
        }
    }

    /// What a host is as written, with no lookup: a numeric address (`[::1]` included), or
    /// `localhost` and any name under it (RFC 6761: resolvers answer them with loopback), in
    /// any case and with or without the root's trailing dot. Any other name is nil: whoever
    /// runs its DNS decides where it leads, and can change it at will.
    public static func of(host: String) -> AddressKind? {
        if host.hasPrefix("["), host.hasSuffix("]") { return of(address: String(host.dropFirst().dropLast())) }
        // `127.0.0.1.` and `localhost.` are the same hosts written from the DNS root.
        var name = host.lowercased()[...]
        while name.hasSuffix(".") { name = name.dropLast() }
        return name == "localhost" || name.hasSuffix(".localhost") ? .loopback : of(address: String(name))
    }
}
