import FoundationEssentials

/// Gives each item of a feed its `key`: the same on every fetch, and unique in the feed.
public enum FeedKeys {
    /// The GUID when no other item repeats it (some generators give every item the same one,
    /// or the feed's address); else the link, when no other item repeats that; else a hash of
    /// the title, date and link. A key still taken (two items alike in all of these) gets
    /// `#2`, `#3`… in the document's order.
    static func assign(to items: inout [FeedItem]) {
        var guids: [String: Int] = [:]
        for item in items {
            if let guid = item.guid { guids[guid, default: 0] += 1 }
        }
        // Most feeds give every item a GUID of its own: those are the keys, unique as they
        // are, with no links counted and no key checked again.
        if guids.count == items.count {
            for index in items.indices { items[index].key = items[index].guid! }
            return
        }
        var links: [String: Int] = [:]
        for item in items {
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

    /// Gives each item back the key it has on record, so its identity (and what is filed
    /// under it) stays when the feed changes around it: a new item that repeats its GUID or
    /// link moves `assign`'s choice to the next kind of key, or shifts a `#2`. An item claims a
    /// recorded key that is its GUID, else its link, else its hash, else the key `assign` gave
    /// it; of several items claiming one key, the one whose link is the recorded item's
    /// (`linkOf`, nil when not known), else the last (feeds put new items first). An item with
    /// no key on record keeps its own, numbered on when another item or a record has it.
    public static func reuse(recorded: Set<String>, linkOf: (String) -> String?, in items: inout [FeedItem]) {
        guard !recorded.isEmpty else { return }
        let candidates: [(FeedItem) -> String?] = [{ $0.guid }, { $0.link }, { "hash:" + hash($0) }, { $0.key }]
        var settled = Set<Int>()
        var claimed = Set<String>()
        for candidate in candidates {
            var claimants: [String: [Int]] = [:]
            var order: [String] = []
            for index in items.indices where !settled.contains(index) {
                guard let key = candidate(items[index]), recorded.contains(key), !claimed.contains(key) else { continue }
                if claimants[key] == nil { order.append(key) }
                claimants[key, default: []].append(index)
            }
            for key in order {
                let indices = claimants[key]!
                let link = indices.count > 1 ? linkOf(key) : nil
                let owner = indices.first { link != nil && items[$0].link == link } ?? indices.last!
                items[owner].key = key
                settled.insert(owner)
                claimed.insert(key)
            }
        }
        var taken = claimed
        for index in items.indices where !settled.contains(index) {
            let key = items[index].key
            var unique = key
            var count = 1
            while recorded.contains(unique) || !taken.insert(unique).inserted {
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
