import Foundation
import GestureCompiler
import GestureRuntime
import GSpecFuzz
import Testing

enum RuntimePaths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = tests.deletingLastPathComponent().deletingLastPathComponent()
    static let specs: [URL] = {
        let dir = packageRoot.appendingPathComponent("specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".gesture") }.sorted().map { dir.appendingPathComponent($0) }
    }()

    static func compile(_ url: URL, path: String? = nil) throws -> GestureTable {
        let source = SourceFile(path: path ?? url.path, bytes: Array(try Data(contentsOf: url)))
        return try #require(Compiler.compile(source, examples: .beside(url.path)).table)
    }

    static func compile(source text: String) throws -> GestureTable {
        try #require(Compiler.compile(SourceFile(path: "inline.gesture", text: text)).table)
    }
}

@Suite struct TableFormatTests {
    @Test(arguments: RuntimePaths.specs)
    func writtenReadAndRewrittenIsIdentical(_ url: URL) throws {
        let table = try RuntimePaths.compile(url)
        let bytes = table.encoded()
        let decoded = try GestureTable(decoding: bytes)
        #expect(decoded == table)
        #expect(decoded.encoded() == bytes)
        // Compiling again gives the same bytes: builds are reproducible.
        #expect(try RuntimePaths.compile(url).encoded() == bytes)
    }

    @Test func newerFormatVersionIsRefused() throws {
        var bytes = try RuntimePaths.compile(RuntimePaths.specs[0]).encoded()
        bytes[4] = UInt8(truncatingIfNeeded: GestureTable.formatVersion + 1)
        #expect(throws: TableError.newerVersion(found: GestureTable.formatVersion + 1, supported: GestureTable.formatVersion)) {
            try GestureTable(decoding: bytes)
        }
        let message = "\(TableError.newerVersion(found: 2, supported: 1))"
        #expect(message.contains("newer than this runtime supports"))
    }

    /// docs/table-format.md states the record size and section count of the current version.
    @Test func theFormatPageMatchesTheFormat() throws {
        let page = try String(contentsOf: RuntimePaths.packageRoot.appendingPathComponent("docs/table-format.md"), encoding: .utf8)
        let size = TableFormat.recordSize(version: GestureTable.formatVersion)
        #expect(page.contains("## Binary layout, version \(GestureTable.formatVersion)"))
        #expect(page.contains("one \(size)-byte record per gesture"), "the page should say \(size) bytes")
        #expect(page.contains("section count (\(TableFormat.sectionCount(version: GestureTable.formatVersion));"))
        for tag in TableSection.allCases.map(\.tag) { #expect(page.contains("`\(tag)`"), "section \(tag) is not documented") }
        // The parameter fields, in the order GestureParameter.all gives the writer.
        let fields = GestureParameter.recordFields(version: GestureTable.formatVersion).map { f in
            GestureParameter.all.first { $0.storage == f }!.name
        }
        #expect(page.contains("| \(fields.count) × 8 or 16 | parameter fields: \(fields.joined(separator: ", ")) |"), "\(fields)")
    }

    /// Version 1 had no view sections and shorter gesture records; its files
    /// still load, as a set without views and with v1 segmentation.
    @Test func versionOneTablesStillLoad() throws {
        let table = try RuntimePaths.compile(
            RuntimePaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture"))
        #expect(!table.hasViews)
        let v1 = TableFormat.encode(table, version: 1)
        #expect(v1[4] == 1 && v1[8] == 12)
        #expect(v1.count < table.encoded().count)
        // Versions before 5 kept no profile and no record of which values came from it.
        var older = table
        for g in older.gestures.indices { (older.gestures[g].profile, older.gestures[g].fromProfile) = (0, 0) }
        // Parameters newer than a file (the template and feature ones) load with their defaults, as compiled.
        var withoutLines = older
        withoutLines.requiresLines = []
        #expect(try GestureTable(decoding: v1) == withoutLines)
        // Version 2 had views but no rule lines: explanations then name no line.
        let v2 = TableFormat.encode(table, version: 2)
        #expect(v2[4] == 2 && v2[8] == 16)
        #expect(try GestureTable(decoding: v2) == withoutLines)
        #expect(!table.requiresLines.isEmpty && withoutLines.requiresLine(0, 1) == nil && table.requiresLine(0, 1) == 16)
        // Version 3 had no pan edges or offsets: a set without them loads as it was.
        let v3 = TableFormat.encode(table, version: 3)
        #expect(v3[4] == 3 && v3.count < table.encoded().count)
        #expect(try GestureTable(decoding: v3) == older)
        #expect(try GestureTable(decoding: TableFormat.encode(table, version: 4)) == older)
        #expect(try GestureTable(decoding: TableFormat.encode(table, version: 5)) == table)
        #expect(try GestureTable(decoding: TableFormat.encode(table, version: 6)) == table)
        // A version 1 header on a later payload is refused, not misread.
        #expect(throws: TableError.self) { try GestureTable(decoding: Array(v1[0..<6]) + Array(table.encoded()[6...])) }
    }

    @Test func viewTreesAreValidated() throws {
        var table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture"))
        #expect(table.hasViews && table.view(named: "placard") != nil)
        try TableFormat.validate(table)
        table.viewParents[1] = 3  // a parent after its child
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
        table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture"))
        table.gestureViews[0] = 99
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
        table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture"))
        table.viewForwards[1] = 1 << TouchPhase.stationary.rawValue
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
    }

    @Test func damageIsATypedErrorNeverACrash() throws {
        let bytes = try RuntimePaths.compile(RuntimePaths.specs[0]).encoded()
        #expect(throws: TableError.badMagic) { try GestureTable(decoding: [UInt8]("GTAX".utf8) + bytes.dropFirst(4)) }
        for length in [0, 3, 10, 27, 28, bytes.count / 2, bytes.count - 1] {
            #expect(throws: TableError.self) { try GestureTable(decoding: bytes.prefix(length)) }
        }
        var flipped = bytes
        flipped[bytes.count - 3] ^= 0x40
        #expect(throws: TableError.checksumMismatch) { try GestureTable(decoding: flipped) }
    }

    @Test func validationCatchesOutOfRangeIndices() throws {
        var table = try RuntimePaths.compile(RuntimePaths.specs[0])
        table.gestures[0].startState = table.gestures[0].stateCount
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
        table = try RuntimePaths.compile(RuntimePaths.specs[0])
        table.classMap[0] = 200
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
        table = try RuntimePaths.compile(RuntimePaths.specs[0])
        table.gestures[0].name = 99
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
    }

    /// A list whose starts end right but decrease on the way (the slice of
    /// an earlier gesture runs past the entries), and starts past 2^31, in a
    /// table resealed as a crafted one is: refused, never a trap.
    @Test func craftedRuleListsAreRefusedPastTheChecksum() throws {
        let base = FuzzTargets.allKinds
        let n = base.gestureCount
        for section in [TableSection.afterStart, .enabledStart, .requiresStart, .handOverStart] {
            for middle: UInt64 in [1_000, 0x8000_0000, 0xFFFF_FFFF] {
                var starts = base.elements(of: section)
                starts[n / 2] = middle
                var table = base
                table.setElements(starts, of: section)
                let bytes = TableFormat.resealed(TableFormat.encode(table))
                #expect(throws: TableError.self, "\(section.tag) \(middle)") { try GestureTable(decoding: bytes) }
            }
        }
    }

    /// A name whose bytes are not UTF-8 (a lone continuation byte, a
    /// truncated sequence, an overlong encoding), in a table resealed as a
    /// crafted one is, is refused with the reader's message; the same name
    /// in valid UTF-8 loads and is found by its bytes.
    @Test func namesThatAreNotUTF8AreRefused() throws {
        let table = try RuntimePaths.compile(source: "gesture pat: tap {}")
        let good = table.encoded()
        #expect(try GestureTable(decoding: good).gesture(named: "pat") != nil)
        let at = try #require(good.indices.dropLast(2).first { good[$0...].starts(with: Array("pat".utf8)) })
        for bad: [UInt8] in [[0x74, 0x80, 0x70], [0x74, 0x61, 0xE2], [0xC0, 0xA1, 0x70]] {
            var bytes = good
            bytes.replaceSubrange(at..<at + 3, with: bad)
            #expect(throws: TableError.malformed("a string that is not UTF-8")) { try GestureTable(decoding: TableFormat.resealed(bytes)) }
        }
        var renamed = good
        renamed.replaceSubrange(at..<at + 3, with: Array("t\u{E9}".utf8))
        #expect(try GestureTable(decoding: TableFormat.resealed(renamed)).gesture(named: "t\u{E9}") != nil)
    }

    @Test func loadsFromAFile() throws {
        let table = try RuntimePaths.compile(RuntimePaths.specs[0])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-\(UUID()).gtab")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(table.encoded()).write(to: url)
        #expect(try GestureTable(contentsOfFile: url.path) == table)
        #expect(try GestureTable(decoding: Data(table.encoded())) == table)
        #expect(throws: TableError.unreadable(path: "/nonexistent.gtab")) { try GestureTable(contentsOfFile: "/nonexistent.gtab") }
    }

    /// `gspec build --emit swift` output, committed under Generated/, compiles
    /// into this test target (Swift 6, warnings fail CI) and holds exactly the
    /// table the compiler builds. Re-record with GSPEC_RECORD=1 after changing
    /// the emitter or a spec.
    @Test(arguments: [
        ("specs/tap-view.gesture", "TapViewGestures", TapViewGestures.table),
        ("specs/move-me.gesture", "MoveMeGestures", MoveMeGestures.table),
        ("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture", "TapsExclusiveGestures", TapsExclusiveGestures.table),
        ("specs/simultaneous-transform.gesture", "SimultaneousTransformGestures", SimultaneousTransformGestures.table),
        ("Tests/GestureRuntimeTests/Generated/Specs/awkward-names.gesture", "AwkwardNamesGestures", AwkwardNamesGestures.table),
        ("specs/photo-viewer.gesture", "PhotoViewerGestures", PhotoViewerGestures.table),
        ("specs/sheet-with-list.gesture", "SheetWithListGestures", SheetWithListGestures.table),
    ])
    func emittedSwiftIsTheSameTable(_ path: String, _ typeName: String, _ linked: GestureTable) throws {
        let table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent(path), path: path)
        let emitted = SwiftEmitter.source(table, typeName: typeName, sourcePath: path, generator: "gspec \(Compiler.version)")
        let file = RuntimePaths.tests.appendingPathComponent("Generated/\(typeName).swift")
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1" {
            try emitted.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == emitted)
        #expect(linked == table)
    }
}

/// Every truncation and every single-bit flip (and inverted byte) of every
/// shipped table is refused with a typed error, or (never, by design) loads to
/// a table that passes validation. Either way nothing crashes. (All 255
/// changes of every byte cost 25 times as long and found nothing more; the
/// table fuzzer tries arbitrary damage.)
@Suite struct CorruptTableTests {
    @Test(arguments: RuntimePaths.specs)
    func everyTruncationAndBitFlipIsCaught(_ url: URL) throws {
        let bytes = try RuntimePaths.compile(url).encoded()
        // Each try decodes the whole table: a large one (a template stroke
        // set's points) gets its header, both ends and an even spread of
        // positions, so the test stays near linear in the table's size.
        let small = bytes.count <= 16_384
        let positions = small ? Array(bytes.indices)
            : Array(Set(Array(0..<256) + Array((bytes.count - 256)..<bytes.count) + Array(stride(from: 0, to: bytes.count, by: bytes.count / 256)))).sorted()
        for length in positions {
            #expect(throws: TableError.self) { try GestureTable(decoding: bytes[0..<length]) }
        }
        var accepted = 0
        var damaged = bytes
        for i in positions {
            // Every single-bit flip, and the byte inverted.
            for mask in (0..<8).map({ UInt8(1) << $0 }) + [0xFF] {
                damaged[i] = bytes[i] ^ mask
                if let table = try? GestureTable(decoding: damaged) {
                    try TableFormat.validate(table)
                    accepted += 1
                }
            }
            damaged[i] = bytes[i]
        }
        // FNV-1a changes on any single-byte change, so the checksum catches every one.
        #expect(accepted == 0)
    }
}
