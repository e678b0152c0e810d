// The catalogue of every diagnostic gspec reports: the ids (one case each,
// with its severity) and every message's text, as swift-syntax keeps its
// parser's in `ParserDiagnosticMessages.swift`. A stage reports a problem by
// naming an entry here (`diagnostics.report(.expectedEquals(after: name), at:)`),
// never by spelling an id or a message itself, so adding a diagnostic is one
// case and one message below; docs/language.md's id table lists the same ids
// with the same severities (`DiagnosticCatalogueTests` compares them).

import GestureRuntime

/// What a diagnostic is about: its stable id (`name`) and its severity.
public enum DiagnosticID: CaseIterable, Hashable, Sendable {
    // Lexical
    case unexpectedCharacter, unterminatedComment, unterminatedString, twoDotRange
    // Syntax
    case expectedDeclaration, expectedColon, expectedKind, expectedLeftBrace, expectedRightBrace, expectedParameter
    case expectedValue, expectedName, expectedEquals, expectedRelation, expectedToFail, expectedPattern
    case expectedRightParen, expectedCount, expectedViewItem, unknownViewItem, nestedViewParent, detachedUnit
    case expectedSettleItem
    case reservedWord
    case unexpectedInPattern, nothingToRepeat, emptyAlternative, emptyGroup, emptyRepetition, badCount, patternTooDeep
    // Names and values
    case unknownKind, unknownName, parameterWrongKind
    case missingUnit, wrongUnit, unexpectedUnit, wrongType, unexpectedRange
    case outOfRange, notWhole, emptyRange, numberTooLarge, openOffset, openChord, outsideOwnRange, rangeOnFixedParameter
    case duplicateGesture, duplicateConstant, duplicateParameter, duplicateView, duplicateProfile, duplicateMode
    case constantNotLiteral, profileAfterGesture
    // Views
    case reservedViewName, gestureAttachedTwice, forwardsForeignGesture
    // Modes
    case tooManyModes, neverEnabled
    // Strokes
    case missingMatch, patternNeverMatches, directionOffAxis, patternTooLarge, needsOnLift
    case noExamples, badExample, tooFewExamples, needsExamples
    // Rules
    case selfRelation, withAndRequires, afterAndOtherRule, requiresCycle, afterCycle, withinAfterContinuous
    case handOverAndOtherRule, handOverDiscrete, handOverTouches, handOverViews, scrollWaits, handOverEdge
    case winsAndOtherRule, winsCycle
    case systemGesture
    // Release decisions (v5)
    case settleOnDiscrete, settleAxis, anchorOrder, unreachableAnchor, markOutsideBounds, anchorsClose, anchorNeverChosen
    // Accessibility (v4)
    case badAlternative, pointerGesture, draggingMovement
    // Limits
    case stateExplosion, seriesTooLong, togetherOneFinger
    // Analysis
    case deadGesture, latencyBudget
    // Warnings
    case unusedConstant, duplicateRule, patternMatchesEmpty, noGestures
    case conflict, preempted, preemptedByRule, ruleNeverApplies

    /// The stable id tests, editors and docs use: the case's name in kebab
    /// case (`unknownName` is `unknown-name`), so it is never spelled twice.
    public var name: String {
        var out = ""
        for c in String(describing: self) {
            if c.isUppercase {
                out += "-" + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Errors stop a build; warnings do not. Every id is listed, so a new one must say which it is.
    public var severity: Severity {
        switch self {
        case .unusedConstant, .duplicateRule, .patternMatchesEmpty, .noGestures, .needsExamples,
             .conflict, .preempted, .preemptedByRule, .ruleNeverApplies, .systemGesture, .pointerGesture, .draggingMovement, .anchorsClose: .warning
        case .unexpectedCharacter, .unterminatedComment, .unterminatedString, .twoDotRange, .expectedDeclaration,
             .expectedColon, .expectedKind, .expectedLeftBrace, .expectedRightBrace, .expectedParameter, .expectedValue,
             .expectedName, .expectedEquals, .expectedRelation, .expectedToFail, .expectedPattern, .expectedRightParen,
             .expectedCount, .expectedViewItem, .unknownViewItem, .nestedViewParent, .detachedUnit, .reservedWord,
             .unexpectedInPattern, .nothingToRepeat, .emptyAlternative, .emptyGroup, .emptyRepetition, .badCount,
             .patternTooDeep, .unknownKind, .unknownName, .parameterWrongKind, .missingUnit, .wrongUnit, .unexpectedUnit,
             .wrongType, .unexpectedRange, .outOfRange, .notWhole, .emptyRange, .numberTooLarge, .openOffset, .openChord,
             .outsideOwnRange, .rangeOnFixedParameter, .duplicateGesture, .duplicateConstant, .duplicateParameter,
             .duplicateView, .duplicateProfile, .duplicateMode, .constantNotLiteral, .profileAfterGesture, .reservedViewName,
             .gestureAttachedTwice, .forwardsForeignGesture, .tooManyModes, .neverEnabled, .missingMatch, .patternNeverMatches,
             .directionOffAxis, .patternTooLarge, .needsOnLift, .noExamples, .badExample, .tooFewExamples, .selfRelation,
             .withAndRequires, .afterAndOtherRule, .requiresCycle, .afterCycle, .withinAfterContinuous, .handOverAndOtherRule,
             .handOverDiscrete, .handOverTouches, .handOverViews, .scrollWaits, .handOverEdge, .winsAndOtherRule, .winsCycle,
             .expectedSettleItem, .settleOnDiscrete, .settleAxis, .anchorOrder, .unreachableAnchor, .markOutsideBounds, .anchorNeverChosen,
             .badAlternative, .stateExplosion, .seriesTooLong, .togetherOneFinger, .deadGesture, .latencyBudget: .error
        }
    }
}

/// One diagnostic's id and text, as the catalogue below writes it.
public struct DiagnosticMessage: Hashable, Sendable {
    public let id: DiagnosticID
    /// One sentence, no trailing period.
    public let text: String

    init(_ id: DiagnosticID, _ text: String) {
        (self.id, self.text) = (id, text)
    }
}

/// "; did you mean 'x'?" when a spelling is close, else "; " and what is expected (if anything).
private func suggesting(_ suggestion: String?, else expected: String?) -> String {
    if let suggestion { return "; did you mean '\(suggestion)'?" }
    return expected.map { "; \($0)" } ?? ""
}

// MARK: Lexer

extension DiagnosticMessage {
    static func unexpectedCharacter(_ text: String, inName: Bool = false) -> Self {
        .init(.unexpectedCharacter, "unexpected character '\(text)'" + (inName ? " in name" : ""))
    }
    static let unterminatedComment = Self(.unterminatedComment, "unterminated '/*' comment")
    static let unterminatedString = Self(.unterminatedString, "unterminated string: it needs its closing '\"' on the same line")
    static let twoDotRange = Self(.twoDotRange, "a range is written with three dots: 'a...b' or 'a...'")
}

// MARK: Parser

extension DiagnosticMessage {
    static let expectedDeclaration = Self(.expectedDeclaration,
                                          "expected a declaration ('gesture', 'let', or a rule such as 'a requires b to fail')")
    static func expectedEquals(after constant: String) -> Self {
        .init(.expectedEquals, "expected '=' after the constant name '\(constant)'")
    }
    static func expectedColon(after gesture: String) -> Self {
        .init(.expectedColon, "expected ':' and a gesture kind after '\(gesture)'")
    }
    static let expectedKind = Self(.expectedKind, "expected a gesture kind (\(GestureKind.allCases.map(\.keyword).joined(separator: ", ")))")
    /// `what` is "the parameters of 'x'" or "the view 'x'".
    static func expectedLeftBrace(toOpen what: String) -> Self { .init(.expectedLeftBrace, "expected '{' to open \(what)") }
    static func expectedRightBrace(toClose what: String) -> Self { .init(.expectedRightBrace, "expected '}' to close \(what)") }
    static let expectedParameter = Self(.expectedParameter, "expected a parameter such as 'taps: 2'")
    static let expectedSettleItem = Self(.expectedSettleItem, "expected a settle item such as 'anchors: 0pt, 320pt'")
    static func nestedViewParent(_ parent: String) -> Self {
        .init(.nestedViewParent, "a nested view's parent is the view around it; remove 'in \(parent)'")
    }
    static let expectedViewItem = Self(.expectedViewItem, "expected 'gestures:', 'forwards:' or a nested 'view'")
    static func unknownViewItem(_ item: String, suggestion: String?) -> Self {
        .init(.unknownViewItem, "unknown view item '\(item)'; a view takes 'gestures:', 'forwards:' and 'defersSystemEdges:'"
              + suggesting(suggestion, else: nil))
    }
    /// `what` is "a gesture name", "a name after '|'", ...
    static func expectedName(_ what: String) -> Self { .init(.expectedName, "expected \(what)") }
    static func expectedRelation(after gesture: String, suggestion: String?) -> Self {
        let words = RuleDecl.Relation.allCases.map { "'\($0.word)'" }
        return .init(.expectedRelation, "expected \(words.dropLast().joined(separator: ", ")) or \(words.last!) after '\(gesture)'"
                     + suggesting(suggestion, else: nil))
    }
    static func expectedRelationWords(_ words: [String], after lhs: String) -> Self {
        .init(.expectedRelation, "expected '\(words.joined(separator: " "))' after '\(lhs)'")
    }
    static func expectedToFail(_ gesture: String, _ other: String) -> Self {
        .init(.expectedToFail, "expected 'to fail' after '\(gesture) requires \(other)'")
    }
    static func expectedValue(for owner: String) -> Self { .init(.expectedValue, "expected a value for '\(owner)'") }
    static func detachedUnit(_ joined: String, written: String) -> Self {
        .init(.detachedUnit, "a unit is written against its number: '\(joined)', not '\(written)'")
    }
    static let expectedPattern = Self(.expectedPattern, "expected a pattern after 'match:', such as 'down-right up-right'")
    static func unexpectedInPattern(_ text: String) -> Self { .init(.unexpectedInPattern, "unexpected '\(text)' in pattern") }
    static func expectedDirection(got text: String) -> Self {
        .init(.unexpectedInPattern, "expected a direction in the pattern, got '\(text)'")
    }
    static func emptyAlternative(before: Bool) -> Self {
        .init(.emptyAlternative, "expected a direction \(before ? "before" : "after") '|'")
    }
    static func emptyRepetition(_ low: Int, _ high: Int) -> Self {
        .init(.emptyRepetition, "repetition {\(low),\(high)} is empty: the maximum is below the minimum")
    }
    static let expectedCount = Self(.expectedCount, "expected a repetition count")
    static func badCount(_ text: String) -> Self {
        .init(.badCount, "repetition count must be a whole number from 0 to 1000, got '\(text)'")
    }
    static let countWithUnit = Self(.badCount, "a repetition count takes no unit")
    static func patternTooDeep(_ limit: Int) -> Self {
        .init(.patternTooDeep, "pattern nests parentheses deeper than \(limit) levels")
    }
    /// `in`: where the parenthesis opened, "pattern" or "condition".
    static func expectedRightParen(in what: String) -> Self { .init(.expectedRightParen, "expected ')' in \(what)") }
    static let emptyGroup = Self(.emptyGroup, "empty group '()' in pattern")
    static func nothingToRepeat(_ text: String) -> Self { .init(.nothingToRepeat, "'\(text)' has nothing to repeat") }
    static func reservedWord(_ name: String, naming what: String) -> Self {
        .init(.reservedWord, "'\(name)' is a reserved word and cannot name a \(what)")
    }
}

// MARK: Checker

extension DiagnosticMessage {
    static func unusedConstant(_ name: String) -> Self { .init(.unusedConstant, "constant '\(name)' is never used") }
    static let duplicateProfile = Self(.duplicateProfile, "'profile' is set twice; a file has one")
    static let profileAfterGesture = Self(.profileAfterGesture, "'profile' must come before any gesture, whose defaults it sets")
    static func reservedViewName(_ root: String) -> Self {
        .init(.reservedViewName, "'\(root)' is the implicit root view; choose another name")
    }
    static func gestureAttachedTwice(_ gesture: String, view: String) -> Self {
        .init(.gestureAttachedTwice, "gesture '\(gesture)' is already attached to view '\(view)'")
    }
    static func forwardsForeignGesture(view: String, _ gesture: String) -> Self {
        .init(.forwardsForeignGesture, "view '\(view)' can only forward its own gestures; '\(gesture)' is not attached to it")
    }
    static let constantNotLiteral = Self(.constantNotLiteral,
                                         "a constant must be a single literal: a number with its unit, a range such as 0deg...45deg, or true or false")
    static func unknownKind(_ kind: String, suggestion: String?, kinds: [String]) -> Self {
        .init(.unknownKind, "unknown gesture kind '\(kind)'"
              + suggesting(suggestion, else: "expected one of \(kinds.joined(separator: ", "))"))
    }
    static func duplicateParameter(_ name: String) -> Self { .init(.duplicateParameter, "parameter '\(name)' is set twice") }
    static func seriesTooLong(_ gesture: String, presses: Int, fingers: Int, limit: Int) -> Self {
        .init(.seriesTooLong, "'\(gesture)' needs \(counted(presses, "press", plural: "presses")) of \(counted(fingers, "finger")), \(presses * fingers) touches in one series; the runtime keeps at most \(limit)")
    }
    static func togetherOneFinger(_ gesture: String) -> Self {
        .init(.togetherOneFinger, "'together' is the window its fingers land in, and '\(gesture)' needs only 1; give it 'touches' of 2 or more")
    }
    static func settleOnDiscrete(_ gesture: String, kind: String) -> Self {
        .init(.settleOnDiscrete, "'settle' decides where a continuous gesture's value rests at its release; '\(gesture)' is a \(kind), which has no value to settle (pan, scroll, pinch and rotation do)")
    }
    static func settleAxis(_ gesture: String, kind: String) -> Self {
        .init(.settleAxis, "'settle' decides a value along one axis; give '\(gesture)' 'axis: horizontal' or 'axis: vertical'")
    }
    static func anchorOrder(_ gesture: String) -> Self {
        .init(.anchorOrder, "the anchors of '\(gesture)' must increase, each above the one before")
    }
    static func unreachableAnchor(_ gesture: String, anchor: String, region: String) -> Self {
        .init(.unreachableAnchor, "no release of '\(gesture)' can rest at \(anchor): its value is held to \(region), the region releases reach")
    }
    static func anchorNeverChosen(_ gesture: String, anchor: String, why: String) -> Self {
        .init(.anchorNeverChosen, "no release of '\(gesture)' rests at \(anchor): \(why); see 'gspec check --releases'")
    }
    static func markOutsideBounds(_ gesture: String, mark: String, bounds: String) -> Self {
        .init(.markOutsideBounds, "the mark \(mark) of '\(gesture)' is outside its bounds \(bounds): the value can never cross it")
    }
    static func anchorsClose(_ gesture: String, _ a: String, _ b: String, reach: String) -> Self {
        .init(.anchorsClose, "the anchors \(a) and \(b) of '\(gesture)' are closer than a fling at 'flingVelocity' projects (\(reach)): with 'sequential: false' a release can skip one; write 'sequential: true' or space them further apart")
    }
    static func needsExamples(_ parameter: String) -> Self {
        .init(.needsExamples, "'\(parameter)' chooses or varies a template stroke's templates; without 'examples:' it does nothing")
    }
    static func needsOnLift(_ parameter: String) -> Self {
        .init(.needsOnLift, "'\(parameter)' is decided when the finger lifts; it cannot apply with 'recognize: immediately'")
    }
    static func missingMatch(_ stroke: String) -> Self {
        .init(.missingMatch, "stroke '\(stroke)' needs a 'match:' pattern, such as 'match: down-right up-right', or 'examples:'")
    }
    /// `expected` says what the parameter takes ("'x' takes one name").
    static func wrongType(_ expected: String, got text: String) -> Self { .init(.wrongType, "\(expected), got '\(text)'") }
    static func wrongType(_ expected: String, constant: String, isNot what: String) -> Self {
        .init(.wrongType, "\(expected), but constant '\(constant)' is not \(what)")
    }
    static func wrongType(_ message: String) -> Self { .init(.wrongType, message) }
    static func touchesFixed(_ kind: GestureKind, got text: String) -> Self {
        outOfRange(kind == .stroke ? "a stroke is single-touch in v1: 'touches' must be 1"
                   : "a \(kind.keyword) uses exactly 2 touches in v1: 'touches' must be 2", got: text)
    }
    static let openChord = Self(.openChord, "a chord's angle range needs both ends, such as '20deg...70deg'")
    static func openOffset(_ name: String) -> Self {
        .init(.openOffset, "'\(name)' needs both ends of its range, such as '-20pt...20pt', or one distance")
    }
    /// `rule` says what the value must be ("'taps' must be from 1 to 100").
    static func outOfRange(_ rule: String, got text: String) -> Self { .init(.outOfRange, "\(rule), got '\(text)'") }
    static func emptyRange(_ text: String) -> Self {
        .init(.emptyRange, "the range \(text) is empty: its upper bound is below its lower bound")
    }
    static func outsideOwnRange(_ name: String, value: String, range: String) -> Self {
        .init(.outsideOwnRange, "'\(name)' is \(value), outside its own range \(range)")
    }
    static func rangeOnFixedParameter(_ name: String) -> Self {
        .init(.rangeOnFixedParameter, "'\(name)' takes no range with 'in': only a duration, distance, speed, angle or ratio an app may change at run time does")
    }
    static func unexpectedRange(_ name: String) -> Self { .init(.unexpectedRange, "'\(name)' takes a single value, not a range") }
    static func missingUnit(_ name: String, expected: String, example: String) -> Self {
        .init(.missingUnit, "'\(name)' needs a unit: expected \(expected), such as '\(example)'")
    }
    static func unexpectedUnit(_ name: String, found: String, _ text: String) -> Self {
        .init(.unexpectedUnit, "'\(name)' is a plain number, got \(found) '\(text)'")
    }
    static func wrongUnit(_ name: String, expected: String, found: String, _ text: String) -> Self {
        .init(.wrongUnit, "expected \(expected) for '\(name)', got \(found) '\(text)'")
    }
    static func notWhole(_ name: String, _ text: String) -> Self { .init(.notWhole, "'\(name)' must be a whole number, got '\(text)'") }
    static func numberTooLarge(_ text: String) -> Self { .init(.numberTooLarge, "number '\(text)' is too large") }
    static func noExamples(_ folder: String, gesture: String, place: String) -> Self {
        .init(.noExamples, "no examples '\(folder)' for '\(gesture)': expected stroke traces (.jsonl) in \(place)")
    }
    static func badExample(_ name: String, problem: String) -> Self {
        .init(.badExample, "example '\(name)' is not one stroke: \(problem)")
    }
    static func exampleWithoutLength(_ name: String) -> Self {
        .init(.badExample, "example '\(name)' has no length: a template needs a path")
    }
    static func tooFewExamples(_ gesture: String, count: Int, place: String) -> Self {
        .init(.tooFewExamples, "'\(gesture)' has \(counted(count, "example")) in \(place); a template stroke needs at least 2")
    }
    static func patternTooLarge(_ size: Int, limit: Int) -> Self {
        .init(.patternTooLarge, "pattern is too large: it expands to \(size == .max ? "more than 2^63" : String(size)) positions (limit \(limit))")
    }
    static func patternNeverMatches(_ pattern: String) -> Self {
        .init(.patternNeverMatches, "pattern '\(pattern)' can never match: adjacent segments always differ in direction, so a pattern needing two in a row of one class (like 'right right') has no stroke")
    }
    static func patternMatchesEmpty(_ pattern: String) -> Self {
        .init(.patternMatchesEmpty, "pattern '\(pattern)' also matches a stroke with no segments, so a tap is recognized")
    }
    static func directionOffAxis(_ word: String, axis: String) -> Self {
        .init(.directionOffAxis, "'\(word)' never occurs in a stroke with 'axis: \(axis)'")
    }
    static func selfRelation(_ relation: RuleDecl.Relation, _ gesture: String) -> Self {
        let text = switch relation {
        case .with: "'\(gesture) with \(gesture)' relates a gesture to itself"
        case .after: "'\(gesture)' cannot come after itself"
        case .requiresToFail: "'\(gesture)' cannot require itself to fail"
        case .handsOver: "'\(gesture)' cannot hand over to itself"
        case .winsOver: "'\(gesture)' cannot win over itself"
        }
        return .init(.selfRelation, text)
    }
    static func conflictingRules(_ first: RuleDecl.Relation, _ second: RuleDecl.Relation, _ a: String, _ b: String) -> Self {
        let id: DiagnosticID = [first, second].contains(.handsOver) ? .handOverAndOtherRule
            : [first, second].contains(.winsOver) ? .winsAndOtherRule
            : [first, second].contains(.after) ? .afterAndOtherRule : .withAndRequires
        let words = id == .withAndRequires ? "'with' and 'requires'" : "'\(first.word)' and '\(second.word)'"
        return .init(id, "'\(a)' and '\(b)' are linked by both \(words); a pair may have only one")
    }
    static func scrollWaits(_ scroll: String, _ relation: RuleDecl.Relation, _ other: String) -> Self {
        .init(.scrollWaits, "'\(scroll)' is a scroll, which the platform starts without waiting: no rule can make it \(relation == .after ? "wait to be armed by" : "wait for") '\(other)'; "
              + "write \"\(other) requires \(scroll) to fail\" (the other waits) or \"\(scroll) with \(other)\"")
    }
    static func handOverEdge(_ gesture: String, _ why: String) -> Self {
        .init(.handOverEdge, why + " (a scroll hands over at the top or bottom of a vertical scroll, the left or right of a horizontal one)")
    }
    static func handOverDiscrete(_ gesture: String, kind: String) -> Self {
        .init(.handOverDiscrete, "'\(gesture)' is a \(kind); 'hands over to' links pans, scrolls, pinches and rotations, whose touches can change hands mid-gesture")
    }
    static func handOverTouches(_ a: String, counts: String, _ b: String, takes: String) -> Self {
        func touches(_ n: String) -> String { n == "1" ? "1 touch" : "\(n) touches" }
        return .init(.handOverTouches, "'\(a)' may hand over \(touches(counts)), but '\(b)' takes \(touches(takes)); "
                     + "'touches' of the gesture handed to must include every count of the one handing over")
    }
    static func handOverViews(_ a: String, in aView: String, _ b: String, in bView: String) -> Self {
        .init(.handOverViews, "'\(a)' (in '\(aView)') cannot hand over to '\(b)' (in '\(bView)'): they are on different hit paths, so '\(b)' never sees its touches")
    }
    static let duplicateRule = Self(.duplicateRule, "duplicate rule")
    static func withinAfterContinuous(_ source: String, kind: String, armed: String) -> Self {
        .init(.withinAfterContinuous, "'within' applies only after a discrete gesture; '\(source)' is a \(kind), which arms '\(armed)' from its began until it ends")
    }
    static func cycle(_ relation: Rule.Relation, _ names: String) -> Self {
        switch relation {
        case .after: .init(.afterCycle, "'after' rules form a cycle: \(names); each gesture would wait for the next to arm it")
        case .winsOver: .init(.winsCycle, "'wins over' rules form a cycle: \(names); each gesture would take the touches from the next, and none would keep them")
        default: .init(.requiresCycle, "'requires' rules form a cycle: \(names); each gesture would wait for the next to fail")
        }
    }
    /// A second declaration of `name`: `id` is `duplicateGesture`, `duplicateConstant`, `duplicateMode` or `duplicateView`.
    static func duplicate(_ id: DiagnosticID, _ name: String) -> Self {
        let what = switch id {
        case .duplicateGesture: "gesture"
        case .duplicateConstant: "constant"
        case .duplicateMode: "mode"
        default: "view"
        }
        return .init(id, "duplicate \(what) '\(name)'")
    }
    static func parameterWrongKind(_ name: String, kind: String, owners: [String]) -> Self {
        .init(.parameterWrongKind, "'\(name)' is not a parameter of \(kind); it belongs to \(owners.joined(separator: ", "))")
    }
    static func unknownName(_ what: String, _ name: String, suggestion: String?, expected: String?) -> Self {
        .init(.unknownName, "unknown \(what) '\(name)'" + suggesting(suggestion, else: expected))
    }
    static func unknownActionKey(_ name: String, suggestion: String?) -> Self {
        let keys = ActionShortcut.editingKeys.joined(separator: ", ")
            + ", \(ActionShortcut.functionKeys.first!) to \(ActionShortcut.functionKeys.last!), one letter or digit"
        return .init(.unknownName, "'\(name)' is written as a key but names none" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                     + " (keys: \(keys), after any of \(ActionShortcut.modifiers.joined(separator: ", ")) joined with '+'; a label with a space, as \"Delete row\", names no key)")
    }
    static let noGestures = Self(.noGestures, "the spec declares no gesture, so its table recognizes nothing")
    static func tooManyModes(_ limit: Int) -> Self { .init(.tooManyModes, "a spec declares at most \(limit) modes") }
    static func stateExplosion(_ gesture: String, limit: Int) -> Self {
        .init(.stateExplosion, "'\(gesture)' needs more than \(limit) automaton states; simplify its pattern")
    }
}

// MARK: Analysis

extension DiagnosticMessage {
    static func deadGesture(_ gesture: String, innerSegments: Int, minSegment: String) -> Self {
        .init(.deadGesture, "'\(gesture)' can never be recognized: its pattern needs \(innerSegments) inner segments of at least \(minSegment) of the path each ('minSegment'), which with the two end segments is more than the whole path")
    }
    /// `worst` nil: the wait has no limit.
    static func latencyBudget(_ gesture: String, worst: String?, waitsFor names: String, budget: String) -> Self {
        .init(.latencyBudget, worst.map { "the rules can make '\(gesture)' wait up to \($0) for \(names) to fail, more than its maxLatency of \(budget)" }
              ?? "the rules can make '\(gesture)' wait for \(names) to fail with no limit (until an input decides), more than its maxLatency of \(budget)")
    }
    /// `wins`: the rule is `winner wins over victim` (v4), which makes the victim wait for nothing.
    /// `firesOn`: what the victim still claims in the set, though none of its
    /// own performances (nil: nothing generated, so it "never fires").
    static func preemptedByRule(_ victim: String, _ winner: String, tried: Int, witness: String, wins: Bool = false,
                                firesOn: String? = nil) -> Self {
        let account = wins
            ? "'\(winner)' wins over it and claims each of the \(tried) streams tried that perform '\(victim)' (\(witness))"
            : "it waits for '\(winner)' to fail, and '\(winner)' succeeds on each of the \(tried) streams tried that perform '\(victim)' (\(witness))"
        return .init(.preemptedByRule, lost(victim, account, firesOn: firesOn))
    }
    /// "'v' never fires: ACCOUNT", or, when it still claims other input,
    /// "'v' loses all its performances: ACCOUNT; it fires only on other input, such as FIRES".
    private static func lost(_ victim: String, _ account: String, firesOn: String?) -> String {
        guard let firesOn else { return "'\(victim)' never fires: " + account }
        return "'\(victim)' loses all its performances: \(account); it fires only on other input, such as \(firesOn)"
    }
    /// A screen-edge pan in a system gesture zone (v4): `deferral` is what
    /// the platform lets a view ask for (nil: nothing), `deferred` whether its view does.
    static func badAlternative(_ gesture: String, _ alternative: String, why: String) -> Self {
        .init(.badAlternative, "the alternative of '\(gesture)' must be another gesture of the set that one finger performs without a path (a one-finger tap or long press): \(why)")
    }
    /// WCAG 2.2 success criterion 2.5.1: `what` says why the gesture needs more than a single pointer without a path.
    static func pointerGesture(_ gesture: String, _ what: String, action: String) -> Self {
        .init(.pointerGesture, "'\(gesture)' is \(what), and nothing in the set does the same with a single pointer and no path (WCAG 2.2 success criterion 2.5.1, Pointer Gestures): give it an action (\(action)) or an alternative (a one-finger tap or long press of the set)")
    }
    /// WCAG 2.2 success criterion 2.5.7.
    static func draggingMovement(_ gesture: String, action: String) -> Self {
        .init(.draggingMovement, "'\(gesture)' is a drag (a pan), and nothing in the set does the same with a single pointer and no drag (WCAG 2.2 success criterion 2.5.7, Dragging Movements): give it an action (\(action)) or an alternative (a one-finger tap or long press of the set)")
    }
    static func systemGesture(_ gesture: String, edge: String, platform: String, action: String, width: Double,
                              witness: String, deferral: String?, deferred: Bool) -> Self {
        let zone = "'\(gesture)' begins at the \(edge) edge, where \(platform)'s own gesture takes a swipe within \(shortest(width))pt of it first: \(action) (witness: \(witness))"
        let advice = switch (deferral, deferred) {
        case (nil, _): "; \(platform) lets no app take it: start the gesture away from the edge"
        case (let what?, true): "; its view defers the edge (defersSystemEdges), so the app sees the swipe first, and \(what)"
        case (_?, false): "; start it away from the edge, or write 'defersSystemEdges: \(edge)' on its view"
        }
        return .init(.systemGesture, zone + advice)
    }
    static func neverEnabled(_ gesture: String, condition: String) -> Self {
        .init(.neverEnabled, "'\(gesture)' is never enabled: its condition '\(condition)' is false whatever the modes")
    }
    static func ruleNeverApplies(_ a: String, in aView: String, _ b: String, in bView: String) -> Self {
        .init(.ruleNeverApplies, "the rule can never apply: '\(a)' (in '\(aView)') and '\(b)' (in '\(bView)') never see the same touch")
    }
    /// A conflict no rule decides: `always`, the victim loses all its
    /// performances (and never fires, unless `firesOn` says what it still claims); `tie`, both
    /// claim at once and `tieBreaker` decides (`declaration order`, or `view
    /// depth` with `why`: " ('a' is in 'child', deeper than 'b' in 'parent')").
    /// `fixes` are the rules that settle it, `changes` the parameter changes;
    /// `handOver`: a hand-over links the pair (so no other rule may);
    /// `worked`: false when the fixes were not worked out.
    static func conflict(always: Bool, tie: Bool, tieBreaker: (by: String, why: String), victim: String, winner: String,
                         tried: Int, witness: String, winnerAt at: String, victimAt: String, fixes: [String],
                         changes: [String] = [], handOver: Bool = false, worked: Bool = true, firesOn: String? = nil) -> Self {
        let account: String = switch (always, tie) {
        case (true, false):
            lost(victim, "on each of the \(tried) streams tried that perform it, '\(winner)' claims the touches first (\(witness), '\(winner)' at t=\(at))", firesOn: firesOn)
        case (true, true):
            lost(victim, "'\(winner)' succeeds on the same input on each of the \(tried) streams tried that perform it, and wins by \(tieBreaker.by)\(tieBreaker.why) (\(witness), at t=\(at))", firesOn: firesOn)
        case (false, true):
            "'\(winner)' and '\(victim)' both claim the touches at t=\(at) and only \(tieBreaker.by) decides: '\(winner)' wins\(tieBreaker.why) (\(witness))"
        case (false, false):
            "'\(winner)' takes the touches of '\(victim)' at t=\(at), before '\(victim)' is recognized at t=\(victimAt) (\(witness))"
        }
        // Rules first, then the parameter changes; each one verified to work when applied (`FixCheck`).
        var offers: [String] = []
        if !fixes.isEmpty { offers.append("add " + fixes.map { "\"\($0)\"" }.joined(separator: " or ")) }
        if !changes.isEmpty { offers.append("write " + changes.joined(separator: " or ")) }
        let fix = !worked ? "fixes not worked out" : offers.isEmpty
            ? (handOver ? "the hand-over between them decides no first claim and no other rule may join it; no parameter change tried settles it"
                        : "no rule or parameter change tried settles it")
            : offers.joined(separator: ", or ")
        return .init(always ? .preempted : .conflict, account + "; " + fix)
    }
}

// MARK: Notes

extension Diagnostic.Note {
    static func firstDeclared(_ name: String, at range: SourceRange) -> Self { .init("'\(name)' is first declared here", at: range) }
    static func declared(_ name: String, at range: SourceRange) -> Self { .init("'\(name)' is declared here", at: range) }
    static func matching(_ opening: String, at range: SourceRange) -> Self { .init("to match this opening '\(opening)'", at: range) }
}
