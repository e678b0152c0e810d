import Foundation
import Testing

/// The repository's documentation stands on its own: every link in every
/// Markdown file resolves to a file inside the repository (and, for a link
/// to a heading, to a heading of that file), and no page sends users to
/// contracts that are not in the repository.
@Suite struct DocLinkTests {
    static let root = CLIPaths.packageRoot.standardizedFileURL

    /// Every tracked-looking Markdown file: the README, docs/, and the READMEs of examples and fixtures.
    static let pages: [URL] = {
        var pages: [URL] = []
        let skip: Set<String> = [".build", ".git", "node_modules"]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = walker?.nextObject() as? URL {
            if skip.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build") {
                walker?.skipDescendants()
            } else if url.pathExtension == "md" {
                pages.append(url)
            }
        }
        return pages.sorted { $0.path < $1.path }
    }()

    /// `[text](target)` links, images included, outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var links: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if isFence(line) { inFence.toggle(); continue }
            guard !inFence else { continue }
            // Drop code spans, where `[a](b)` is an example, not a link.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }
                .map(\.element).joined(separator: " ")
            var rest = prose[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                links.append(String(after[..<close]).split(separator: " ").first.map(String.init) ?? "")
                rest = after[close...]
            }
        }
        return links
    }

    /// A code fence: backticks opening the line, then an info string with no backtick
    /// (a line that merely starts with a code span, such as four backticks around three, is not one).
    static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("```") && !trimmed.drop { $0 == "`" }.contains("`")
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if isFence(line) { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            anchors.insert(String(heading.compactMap { c -> Character? in
                c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
            }))
        }
        return anchors
    }

    @Test func everyLinkResolvesInsideTheRepository() throws {
        #expect(Self.pages.count >= 15)
        var checked = 0
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) where !link.hasPrefix("http://") && !link.hasPrefix("https://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]), anchor = parts.count > 1 ? String(parts[1]) : nil
                let target = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                let name = "\(page.path.dropFirst(Self.root.path.count + 1)): \(link)"
                #expect(target.path.hasPrefix(Self.root.path + "/"), "\(name) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(name) does not exist")
                if let anchor, target.pathExtension == "md", let linked = try? String(contentsOf: target, encoding: .utf8) {
                    #expect(Self.anchors(in: linked).contains(anchor), "\(name): no such heading")
                }
                checked += 1
            }
        }
        #expect(checked >= 30)
    }

    /// The contracts the project grew from are not in the repository: no page may send users to them.
    @Test func noPageNamesContractsOutsideTheRepository() throws {
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for outside in ["CONTRACT.md", "SEMANTICS.md", "LANGUAGE.md", "../shared"] {
                #expect(!text.contains(outside), "\(page.lastPathComponent) names \(outside)")
            }
        }
    }

    @Test func theLinkScannerFindsLinksAndHeadings() {
        #expect(Self.links(in: "see [a](x.md#b) and `[c](y.md)`\n```\n[d](z.md)\n```\n![pic](img.png)") == ["x.md#b", "img.png"])
        #expect(Self.anchors(in: "## What `gspec run` prints\n# Time, frames") == ["what-gspec-run-prints", "time-frames"])
    }
}
