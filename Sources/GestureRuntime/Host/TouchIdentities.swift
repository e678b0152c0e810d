/// Maps a platform's touch identities (a `UITouch`'s `ObjectIdentifier`, a
/// pointer id, any `Hashable`) to the small integer ids the engine uses, and
/// gives an id back once its touch has ended.
///
/// Storage is fixed at `capacity` entries and searched linearly (a handful of
/// fingers are down at once), so mapping a sample allocates nothing. An id
/// freed in one frame is reused only in a later one: a finger that lifts and
/// one that lands in the same frame must not share an id, or the engine
/// would read the new `began` as a duplicate.
public struct TouchIdentities<Key: Hashable> {
    /// Ids are `1 ... capacity`.
    public let capacity: Int
    // Inlinable (specialized for the app's key type): see GestureHost.
    @usableFromInline var keys: [Key?]
    /// Engine time each id began or was freed: a freed id is reused only in a
    /// later frame, and `evict` leaves touches that began in the current one alone.
    @usableFromInline var lastUsed: [Microseconds]
    /// How many ids are taken.
    public var count: Int { taken }
    @usableFromInline var taken = 0
    /// One past the highest taken id's index: searches stop there.
    @usableFromInline var limit = 0

    /// An empty map with room for `capacity` touches at once (at least the
    /// engine's `Engine.touchCapacity`, so lost `ended`s have room to be evicted).
    public init(capacity: Int = 2 * Engine.touchCapacity) {
        self.capacity = max(capacity, 1)
        keys = Array(repeating: nil, count: self.capacity)
        lastUsed = Array(repeating: Microseconds(.min), count: self.capacity)
    }

    /// The id of a touch that is down, if `key` has one.
    @inlinable
    public func id(of key: Key) -> Int? {
        for i in 0..<limit where keys[i] == key { return i + 1 }
        return nil
    }

    /// The id for a touch beginning at engine time `time`: its current id when
    /// `key` is already down (the engine then cancels the old instance), else
    /// the lowest id free since an earlier frame; nil when every id is taken.
    @inlinable
    public mutating func begin(_ key: Key, at time: Microseconds) -> Int? {
        if let id = id(of: key) {
            lastUsed[id - 1] = time
            return id
        }
        for i in keys.indices where keys[i] == nil && lastUsed[i] < time {
            keys[i] = key
            lastUsed[i] = time
            taken += 1
            limit = max(limit, i + 1)
            return i + 1
        }
        return nil
    }

    /// The id of `key`, for a `moved` or `stationary` sample, if it is down.
    /// (Not recorded as a use: only a touch that began in the current frame
    /// must be kept from eviction, as the engine does not have it down yet.)
    @inlinable
    public func touch(_ key: Key) -> Int? { id(of: key) }

    /// Frees the id of `key` (its touch ended or was cancelled at `time`) and
    /// returns it.
    @discardableResult
    @inlinable
    public mutating func end(_ key: Key, at time: Microseconds) -> Int? {
        guard let id = id(of: key) else { return nil }
        keys[id - 1] = nil
        lastUsed[id - 1] = time
        taken -= 1
        shrinkLimit()
        return id
    }

    /// Frees every id that began before `time` and for which `isGone(id)` holds:
    /// touches whose `ended` the platform never sent, once the engine has
    /// cancelled them (`Engine.isTouchDown`). Returns how many were freed.
    /// Unlike `end`, the ids are free at once, in this frame: the engine no
    /// longer has their touches, so a `began` reusing one is no duplicate.
    @discardableResult
    @inlinable
    public mutating func evict(before time: Microseconds, where isGone: (Int) -> Bool) -> Int {
        var freed = 0
        for i in keys.indices where keys[i] != nil && lastUsed[i] < time && isGone(i + 1) {
            keys[i] = nil
            taken -= 1
            freed += 1
        }
        shrinkLimit()
        return freed
    }

    /// Frees every id, for a host that reset its engine.
    public mutating func removeAll(at time: Microseconds) {
        for i in keys.indices where keys[i] != nil {
            keys[i] = nil
            lastUsed[i] = time
        }
        taken = 0
        limit = 0
    }

    @inlinable
    mutating func shrinkLimit() {
        while limit > 0 && keys[limit - 1] == nil { limit -= 1 }
    }
}
