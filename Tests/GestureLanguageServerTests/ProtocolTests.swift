import GestureCompiler
import GestureTrace
import GSpecFuzz
@testable import GestureLanguageServer
import Testing

/// JSON, framing, positions, and the server fed what no editor would send.
struct ProtocolTests {
    @Test func jsonRoundTripsAndRejectsWhatIsNotJSON() throws {
        let text = #"{"a":[1,-2.5,true,false,null,"x\"\\\n\u00e9\ud83d\ude00"],"b":{}}"#
        let value = try JSON.parse(Array(text.utf8))
        #expect(value["a"]?.array?.count == 6)
        #expect(value["a"]?.array?[5].string == "x\"\\\né😀")
        #expect(try JSON.parse(Array(value.serialized.utf8)) == value)
        for bad in ["", "{", "[1,]", "01", "\"\u{1}\"", "tru", "{\"a\" 1}", "1 2", "\"\\x\"", String(repeating: "[", count: 10_000)] {
            #expect(throws: JSON.ParseError.self, "\(bad.prefix(20))") { try JSON.parse(Array(bad.utf8)) }
        }
    }

    @Test func framingSplitsJoinsAndRecoversFromBadFrames() {
        var framer = MessageFramer()
        let a = MessageFramer.frame(#"{"id":1}"#), b = MessageFramer.frame(#"{"id":2}"#)
        // Byte by byte, then two at once.
        var frames: [MessageFramer.Frame] = []
        for byte in a { frames += framer.push([byte]) }
        frames += framer.push(a + b)
        #expect(frames == [.message(Array(#"{"id":1}"#.utf8)), .message(Array(#"{"id":1}"#.utf8)), .message(Array(#"{"id":2}"#.utf8))])
        // A huge length: reported, its "body" skipped up to the next frame, which is read.
        let huge = framer.push(Array("Content-Length: 99999999999\r\n\r\nxyz X-Other: 1\r\n\r\njunk".utf8) + b)
        #expect(huge == [.malformed("Content-Length 99999999999 is over the 64 MiB limit"), .message(Array(#"{"id":2}"#.utf8))])
        // A header without a length, then junk: reported once, then the next frame is read.
        let noLength = framer.push(Array("X-Other: 1\r\n\r\njunk".utf8) + b)
        #expect(noLength == [.malformed("a header without Content-Length"), .message(Array(#"{"id":2}"#.utf8))])
    }

    @Test func utf16PositionsMapToBytesAndBack() {
        let doc = TextDocument(uri: "file:///a.gesture", version: 1, text: "é😀x\nab\n")
        // é: 1 unit, 2 bytes; 😀: 2 units, 4 bytes.
        #expect(doc.offset(line: 0, character: 1) == 2)
        #expect(doc.offset(line: 0, character: 3) == 6)
        #expect(doc.offset(line: 0, character: 2) == 2)  // inside the surrogate pair: its start
        #expect(doc.offset(line: 0, character: 99) == 7)  // past the line's end: the end
        #expect(doc.offset(line: 1, character: 1) == 9)
        #expect(doc.offset(line: 5, character: 0) == nil)
        #expect(doc.position(of: 6) == (0, 3) && doc.position(of: 9) == (1, 1))
        var edited = doc
        let applied = edited.apply(range: ((0, 3), (1, 1)), text: "Y", version: 2)
        #expect(applied)
        #expect(edited.text == "é😀Yb\n")
        let outside = edited.apply(range: ((9, 0), (9, 1)), text: "", version: 3)
        #expect(!outside && edited.version == 2)
        #expect(TextDocument.path(of: "file:///a%20b/c.gesture") == "/a b/c.gesture")
    }

    /// 10,000 random and mutated messages (bad framing, lying lengths,
    /// truncated bodies, wrong parameter types, edits anywhere): the server
    /// never crashes, only ever writes JSON-RPC messages, and keeps answering.
    @Test func tenThousandRandomMessagesNeverStopTheServer() {
        var rng = SplitMix64(seed: 0x4c53_5020_6675_7a7a)
        var server = LanguageServerFuzz.server()
        var framer = MessageFramer()
        for i in 0..<10_000 {
            server.receive(framer.push(LanguageServerFuzz.message(&rng)), now: Double(i))
            if i % 50 == 49 {
                LanguageServerFuzz.checkStillServing(server)
                // After an exit or a framing state no client would recover from, start a fresh session.
                if server.exitStatus != nil || i % 500 == 499 { (server, framer) = (LanguageServerFuzz.server(), MessageFramer()) }
            }
        }
        LanguageServerFuzz.checkStillServing(server)
    }
}
