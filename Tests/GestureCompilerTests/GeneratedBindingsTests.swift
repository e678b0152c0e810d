import Foundation
import GestureCompiler
import GestureRuntime
import Testing

/// Every binding outside Swift (C, JNI, Java, JavaScript, TypeScript) holds
/// the runtime's lists as `GeneratedBlock.all` writes them: one test, no
/// JDK, C compiler or node needed. `GSPEC_RECORD=1 swift test --filter
/// GeneratedBindingsTests` rewrites the blocks after a list changed.
@Suite struct GeneratedBindingsTests {
    static let root = Paths.packageRoot

    @Test func everyBlockIsWhatTheListsGive() throws {
        let record = ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1"
        #expect(GeneratedBlock.all.count >= 12)
        for block in GeneratedBlock.all {
            let url = Self.root.appendingPathComponent(block.path)
            let text = try String(contentsOf: url, encoding: .utf8)
            let current = try #require(block.current(in: text), "\(block.path) has no markers for \(block.name)")
            if record, current != block.text, let updated = block.applied(to: text) {
                try updated.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            #expect(current == block.text, "\(block.path): \(block.name) is out of date: GSPEC_RECORD=1 swift test --filter GeneratedBindingsTests")
        }
    }

    /// A marker no block owns is a block nothing keeps up to date.
    @Test func everyMarkerHasItsBlock() throws {
        let owned = Set(GeneratedBlock.all.map { "\($0.path) \($0.begin.trimmingCharacters(in: .whitespaces))" })
        var found = 0
        for folder in ["web/src", "native/include", "native/test", "native/src", "jvm"] {
            let base = Self.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files {
                guard let text = try? String(contentsOf: base.appendingPathComponent(file), encoding: .utf8) else { continue }
                for line in text.split(separator: "\n") where line.contains("BEGIN generated from the runtime's lists") {
                    found += 1
                    #expect(owned.contains("\(folder)/\(file) \(line.trimmingCharacters(in: .whitespaces))"), "\(folder)/\(file): \(line)")
                }
            }
        }
        #expect(found == GeneratedBlock.all.count)
    }

    /// Each slot the Java event does not hold as a plain generated field
    /// has the hand-written public field `JavaBindingsEmitter.javaField` names.
    @Test func theJavaEventHoldsEverySlot() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("jvm/src/dev/gspec/GestureEvent.java"), encoding: .utf8)
        for slot in EventSlot.allCases {
            guard case .byHand(let field) = JavaBindingsEmitter.javaField(slot) else { continue }
            #expect(source.range(of: "public final [A-Za-z]+ \(field);", options: .regularExpression) != nil, "GestureEvent.java has no field \(field) for \(slot.name)")
        }
    }

    /// No run-time parameter takes a name a control call or line reserves.
    @Test func noParameterIsNamedByAControlWord() {
        for p in GestureParameter.all where p.isRuntime {
            #expect(!ControlKey.reserved.contains(p.name), "\(p.name)")
        }
        #expect(Set(ControlKey.reserved).count == ControlKey.reserved.count)
    }
}
