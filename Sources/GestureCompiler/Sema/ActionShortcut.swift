import GestureRuntime

/// The keys an `action:` name may name (v4): `aria-keyshortcuts` spellings,
/// that is UI Events key values with `Space` and `Plus`, or one letter or
/// digit, after any of the modifiers joined by `+` (`"Delete"`,
/// `"Control+Z"`, `"Shift+ArrowLeft"`). The web runtime binds such a name
/// as a key on the gesture's element; any other name is a label only. One
/// list: the checker reads it, and web/src/gspec-dom.mjs's is generated
/// from it (`JavaScriptRuntimeEmitter.domConstants`).
public enum ActionShortcut {
    /// The named keys but the function keys, which `namedKeys` adds.
    static let editingKeys = ["Enter", "Escape", "Delete", "Backspace", "Space", "Plus", "ArrowUp", "ArrowDown", "ArrowLeft",
                              "ArrowRight", "Home", "End", "PageUp", "PageDown", "Insert"]
    static let functionKeys = (1...12).map { "F\($0)" }
    public static let namedKeys = editingKeys + functionKeys
    public static let modifiers = ["Alt", "Control", "Meta", "Shift"]
    /// Other platforms' names for a modifier, as people write them.
    static let modifierAliases = ["Ctrl": "Control", "Cmd": "Meta", "Command": "Meta", "Option": "Alt", "Opt": "Alt"]

    /// Whether `name` is a key the web runtime binds.
    public static func isShortcut(_ name: String) -> Bool {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let key = parts.removeLast()
        return parts.allSatisfy(modifiers.contains) && Set(parts).count == parts.count && isKey(key)
    }

    /// A named key, or one ASCII letter or digit.
    static func isKey(_ key: String) -> Bool {
        if namedKeys.contains(key) { return true }
        guard key.unicodeScalars.count == 1, let c = key.unicodeScalars.first else { return false }
        return ("0"..."9").contains(c) || ("A"..."Z").contains(c) || ("a"..."z").contains(c)
    }

    /// A name that reads as a key but is none (`"Delet"`, `"Ctrl+Z"`): the
    /// shortcut it was likely meant as, or "" when no key is close. nil for
    /// a key, and for a label (a name with a space, or one no key resembles).
    static func misspelling(of name: String) -> String? {
        guard !isShortcut(name), !name.contains(where: \.isWhitespace) else { return nil }
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let key = parts.removeLast()
        // A typo keeps the first letter: "Center" is a label, not a misspelt "Enter".
        let first = key.first.map { $0.lowercased() }
        let nearKey = isKey(key) ? key : closestMatch(to: key, in: namedKeys.filter { $0.first.map { $0.lowercased() } == first })
        if parts.isEmpty { return nearKey }
        // With a '+' it is meant as a shortcut: each part is mended, or nothing is suggested.
        let mended = parts.map { modifiers.contains($0) ? $0 : modifierAliases[$0] ?? closestMatch(to: $0, in: modifiers) }
        guard let nearKey, mended.allSatisfy({ $0 != nil }) else { return "" }
        return (mended.map { $0! } + [nearKey]).joined(separator: "+")
    }
}
