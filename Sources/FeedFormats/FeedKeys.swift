import FoundationEssentials

/// Gives each item of a feed its `key`: the same on every fetch, and unique in the feed.
enum FeedKeys {
    /// The GUID when no other item repeats it (some generators give every item the same one,
    /// or the feed's address); else the link, when no other item repeats that; else a hash of
    /// the title, date and link. A key still taken (two items alike in all of these) gets
    /// `#2`, `#3`… in the document's order.
    static func assign(to items: inout [FeedItem]) {
        var guids: [String: Int] = [:]
        var links: [String: Int] = [:]
        for item in items {
            if let guid = item.guid { guids[guid, default: 0] += 1 }
            if let link = item.link { links[link, default: 0] += 1 }
        }
        var taken: Set<String> = []
        for index in items.indices {
            let item = items[index]
            let key = if let guid = item.guid, guids[guid] == 1 {
                guid
            } else if let link = item.link, links[link] == 1 {
                link
            } else {
                "hash:" + hash(item)
            }
            var unique = key
            var count = 1
            while !taken.insert(unique).inserted {
                count += 1
                unique = key + "#\(count)"
            }
            items[index].key = unique
        }
    }

    /// 64-bit FNV-1a, as sixteen hexadecimal digits: short, and the same in every build.
    private static func hash(_ item: FeedItem) -> String {
        let date = (item.published ?? item.updated).map { String(Int($0.timeIntervalSince1970)) } ?? ""
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [item.title, date, item.link ?? ""].joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
