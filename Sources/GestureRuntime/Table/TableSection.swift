/// The sections of a `.gtab` payload, in file order: the one list from which
/// the writer's order, the reader, each format version's section count, the
/// JSON form's arrays and the documented tags (a test reads
/// docs/table-format.md) all follow, as Lua's `lopcodes.h` is for opcodes.
/// A new section is appended here with the version that introduced it; the
/// exhaustive switches below and in `TableFormat` then say what else it needs.
package enum TableSection: Int, CaseIterable, Sendable {
    case strings, gestures, classMap, stateInfo, dense, combBase, combNext, combCheck
    case requiresStart, requiresTarget, withStart, withTarget
    case viewNames, viewParents, viewForwards, gestureViews
    case requiresLines
    case afterStart, afterTarget, afterWithin, afterLines
    case templateStart, templatePoints, templateNames
    case modeNames, enabledStart, enabledCode
    case handOverStart, handOverTarget
    case handOverEdges
    case winsStart, winsTarget
    case viewDefers
    case actionNames, rangeStart, rangeParameters, rangeLower, rangeUpper
    case settleStart, settleValues

    /// The four bytes that open the section in a file.
    package var tag: String {
        switch self {
        case .strings: "STRS"
        case .gestures: "GEST"
        case .classMap: "CLAS"
        case .stateInfo: "INFO"
        case .dense: "DENS"
        case .combBase: "CBAS"
        case .combNext: "CNXT"
        case .combCheck: "CCHK"
        case .requiresStart: "RQST"
        case .requiresTarget: "RQTG"
        case .withStart: "WTST"
        case .withTarget: "WTTG"
        case .viewNames: "VNAM"
        case .viewParents: "VPAR"
        case .viewForwards: "VFWD"
        case .gestureViews: "GVEW"
        case .requiresLines: "RQLN"
        case .afterStart: "AFST"
        case .afterTarget: "AFTG"
        case .afterWithin: "AFWN"
        case .afterLines: "AFLN"
        case .templateStart: "TMST"
        case .templatePoints: "TMPT"
        case .templateNames: "TMNM"
        case .modeNames: "MODN"
        case .enabledStart: "ENST"
        case .enabledCode: "ENCD"
        case .handOverStart: "HOST"
        case .handOverTarget: "HOTG"
        case .handOverEdges: "HOED"
        case .winsStart: "WNST"
        case .winsTarget: "WNTG"
        case .viewDefers: "VDEF"
        case .actionNames: "ACTN"
        case .rangeStart: "RGST"
        case .rangeParameters: "RGPR"
        case .rangeLower: "RGLO"
        case .rangeUpper: "RGHI"
        case .settleStart: "STST"
        case .settleValues: "STVL"
        }
    }

    /// The first format version with the section: version 1 had no views,
    /// version 2 no rule lines, version 3 no `after` rules, versions before 6 no templates,
    /// before 9 no modes, before 10 no hand-overs, before 12 no hand-over edges,
    /// before 13 no `wins over` rules, before 14 no actions or ranges, before 17 no settles.
    package var since: UInt16 {
        switch self {
        case .strings, .gestures, .classMap, .stateInfo, .dense, .combBase, .combNext, .combCheck,
             .requiresStart, .requiresTarget, .withStart, .withTarget: 1
        case .viewNames, .viewParents, .viewForwards, .gestureViews: 2
        case .requiresLines: 3
        case .afterStart, .afterTarget, .afterWithin, .afterLines: 4
        case .templateStart, .templatePoints, .templateNames: 6
        case .modeNames, .enabledStart, .enabledCode: 9
        case .handOverStart, .handOverTarget: 10
        case .handOverEdges: 12
        case .winsStart, .winsTarget, .viewDefers: 13
        case .actionNames, .rangeStart, .rangeParameters, .rangeLower, .rangeUpper: 14
        case .settleStart, .settleValues: 17
        }
    }

    /// Bytes per element of a flat array section (nil: strings and gesture records have layouts of their own).
    package var width: Int? {
        switch self {
        case .strings, .gestures: nil
        case .classMap, .stateInfo, .viewForwards, .enabledCode, .handOverEdges, .viewDefers, .rangeParameters: 1
        case .dense, .combNext, .combCheck: 2
        case .afterWithin, .rangeLower, .rangeUpper, .settleValues: 8
        case .combBase, .requiresStart, .requiresTarget, .withStart, .withTarget, .viewNames, .viewParents,
             .gestureViews, .requiresLines, .afterStart, .afterTarget, .afterLines,
             .templateStart, .templatePoints, .templateNames, .modeNames, .enabledStart, .handOverStart, .handOverTarget,
             .winsStart, .winsTarget, .actionNames, .rangeStart, .settleStart: 4
        }
    }

    /// The sections a table of format `version` has, in order.
    package static func present(in version: UInt16) -> [TableSection] {
        allCases.filter { $0.since <= version }
    }
}

extension GestureTable {
    /// A flat array section's elements as unsigned integers of its width (a
    /// float's bit pattern, a signed value's two's complement), for the writer.
    package func elements(of section: TableSection) -> [UInt64] {
        switch section {
        case .strings, .gestures: []
        case .classMap: classMap.map { UInt64($0) }
        case .stateInfo: stateInfo.map { UInt64($0) }
        case .dense: dense.map { UInt64($0) }
        case .combBase: combBase.map { UInt64($0) }
        case .combNext: combNext.map { UInt64($0) }
        case .combCheck: combCheck.map { UInt64($0) }
        case .requiresStart: requiresStart.map { UInt64($0) }
        case .requiresTarget: requiresTarget.map { UInt64($0) }
        case .withStart: withStart.map { UInt64($0) }
        case .withTarget: withTarget.map { UInt64($0) }
        case .viewNames: viewNames.map { UInt64($0) }
        case .viewParents: viewParents.map { UInt64($0) }
        case .viewForwards: viewForwards.map { UInt64($0) }
        case .gestureViews: gestureViews.map { UInt64($0) }
        case .requiresLines: requiresLines.map { UInt64($0) }
        case .afterStart: afterStart.map { UInt64($0) }
        case .afterTarget: afterTarget.map { UInt64($0) }
        case .afterWithin: afterWithin.map { UInt64(bitPattern: $0) }
        case .afterLines: afterLines.map { UInt64($0) }
        case .templateStart: templateStart.map { UInt64($0) }
        case .templatePoints: templatePoints.map { UInt64($0.bitPattern) }
        case .templateNames: templateNames.map { UInt64($0) }
        case .modeNames: modeNames.map { UInt64($0) }
        case .enabledStart: enabledStart.map { UInt64($0) }
        case .enabledCode: enabledCode.map { UInt64($0) }
        case .handOverStart: handOverStart.map { UInt64($0) }
        case .handOverTarget: handOverTarget.map { UInt64($0) }
        case .winsStart: winsStart.map { UInt64($0) }
        case .winsTarget: winsTarget.map { UInt64($0) }
        case .viewDefers: viewDefers.map { UInt64($0) }
        case .handOverEdges: handOverEdges.map { UInt64($0) }
        case .actionNames: actionNames.map { UInt64($0) }
        case .rangeStart: rangeStart.map { UInt64($0) }
        case .rangeParameters: rangeParameters.map { UInt64($0) }
        case .rangeLower: rangeLower.map { $0.bitPattern }
        case .rangeUpper: rangeUpper.map { $0.bitPattern }
        case .settleStart: settleStart.map { UInt64($0) }
        case .settleValues: settleValues.map { $0.bitPattern }
        }
    }

    /// Stores a flat array section read from a file (each element fits the
    /// section's width). Each element type is converted by one function, not
    /// a `map` per section: the module a page loads holds the loop once per type.
    package mutating func setElements(_ values: [UInt64], of section: TableSection) {
        switch section {
        case .strings, .gestures: break
        case .classMap: classMap = .narrow(values)
        case .stateInfo: stateInfo = .narrow(values)
        case .dense: dense = .narrow(values)
        case .combBase: combBase = .narrow(values)
        case .combNext: combNext = .narrow(values)
        case .combCheck: combCheck = .narrow(values)
        case .requiresStart: requiresStart = .narrow(values)
        case .requiresTarget: requiresTarget = .narrow(values)
        case .withStart: withStart = .narrow(values)
        case .withTarget: withTarget = .narrow(values)
        case .viewNames: viewNames = .narrow(values)
        case .viewParents: viewParents = .narrow(values)
        case .viewForwards: viewForwards = .narrow(values)
        case .gestureViews: gestureViews = .narrow(values)
        case .requiresLines: requiresLines = .narrow(values)
        case .afterStart: afterStart = .narrow(values)
        case .afterTarget: afterTarget = .narrow(values)
        case .afterWithin: afterWithin = .narrow(values)
        case .afterLines: afterLines = .narrow(values)
        case .templateStart: templateStart = .narrow(values)
        case .templatePoints: templatePoints = .bits(values)
        case .templateNames: templateNames = .narrow(values)
        case .modeNames: modeNames = .narrow(values)
        case .enabledStart: enabledStart = .narrow(values)
        case .enabledCode: enabledCode = .narrow(values)
        case .handOverStart: handOverStart = .narrow(values)
        case .handOverTarget: handOverTarget = .narrow(values)
        case .handOverEdges: handOverEdges = .narrow(values)
        case .winsStart: winsStart = .narrow(values)
        case .winsTarget: winsTarget = .narrow(values)
        case .viewDefers: viewDefers = .narrow(values)
        case .actionNames: actionNames = .narrow(values)
        case .rangeStart: rangeStart = .narrow(values)
        case .rangeParameters: rangeParameters = .narrow(values)
        case .rangeLower: rangeLower = .bits(values)
        case .rangeUpper: rangeUpper = .bits(values)
        case .settleStart: settleStart = .narrow(values)
        case .settleValues: settleValues = .bits(values)
        }
    }

    /// What a table of a format version without `section` holds in its place:
    /// empty, or for the CSR starts one zero per gesture and one more (no entries).
    package mutating func setAbsent(_ section: TableSection) {
        switch section {
        case .afterStart: afterStart = Array(repeating: 0, count: gestures.count + 1)
        case .templateStart: templateStart = Array(repeating: 0, count: gestures.count + 1)
        case .enabledStart: enabledStart = Array(repeating: 0, count: gestures.count + 1)
        case .handOverStart: handOverStart = Array(repeating: 0, count: gestures.count + 1)
        case .handOverEdges: handOverEdges = Array(repeating: 0, count: handOverTarget.count)  // the app hands over
        case .winsStart: winsStart = Array(repeating: 0, count: gestures.count + 1)
        case .viewDefers: viewDefers = Array(repeating: 0, count: viewNames.count)
        case .actionNames: actionNames = Array(repeating: GestureRecord.none, count: gestures.count)
        case .rangeStart: rangeStart = Array(repeating: 0, count: gestures.count + 1)
        case .settleStart: settleStart = Array(repeating: 0, count: gestures.count + 1)
        default: setElements([], of: section)
        }
    }
}

extension Array where Element: FixedWidthInteger {
    /// `values` cut to this element type's width (a signed type's two's complement).
    @inline(never)
    fileprivate static func narrow(_ values: [UInt64]) -> Self { filled(values) { Element(truncatingIfNeeded: $0) } }
}

extension Array where Element == Double {
    @inline(never)
    fileprivate static func bits(_ values: [UInt64]) -> Self { filled(values) { Double(bitPattern: $0) } }
}

extension Array where Element == Float {
    @inline(never)
    fileprivate static func bits(_ values: [UInt64]) -> Self { filled(values) { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) } }
}

extension Array {
    /// `values` converted, written in place into an array of their count: no
    /// growth path (`append`, `map`) for the element type in the module a page loads.
    @inline(__always)
    fileprivate static func filled(_ values: [UInt64], _ convert: (UInt64) -> Element) -> Self {
        Self(unsafeUninitializedCapacity: values.count) { buffer, count in
            for (k, v) in values.enumerated() { buffer.initializeElement(at: k, to: convert(v)) }
            count = values.count
        }
    }
}
