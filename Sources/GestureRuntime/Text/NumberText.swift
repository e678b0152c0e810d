// Numbers and quantities as gspec's messages write them: one place per form
// (durations: `DurationText`, in Units.swift).

/// `x` as C's `%g` prints it (six significant digits, trailing zeros
/// dropped, an exponent below 1e-4 or from 1e6): the runtime has no
/// Foundation for `String(format:)`, and explanations keep the text they had.
/// Rounds the shortest decimal form of `x` (its `description`), so the one
/// case where it can differ from `%g` is a tie in that form (`0.1234565`)
/// whose binary value lies below the tie.
package func shortest(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return x == 0 ? (x.sign == .minus ? "-0" : "0") : x.isNaN ? "nan" : x < 0 ? "-inf" : "inf" }
    // The shortest decimal form as digits d1 d2 ... and the exponent of d1.
    let text = shortestDecimal(abs(x))
    var mantissa = Substring(text), exponent = 0
    if let e = text.utf8.firstIndex(of: UInt8(ascii: "e")) {
        mantissa = Substring(text.utf8[..<e])
        exponent = Int(Substring(text.utf8[text.utf8.index(after: e)...])) ?? 0
    }
    var digits: [UInt8] = []
    var beforePoint = -1
    for c in mantissa.utf8 {
        if c == UInt8(ascii: ".") { beforePoint = digits.count } else { digits.append(c &- 48) }
    }
    if beforePoint < 0 { beforePoint = digits.count }
    while digits.first == 0 {
        digits.removeFirst()
        beforePoint -= 1
    }
    exponent += beforePoint - 1
    if digits.count > 6 {
        let dropped = digits[6...]
        // An exact tie rounds to even, as printf does; an integer is exact.
        let tie = dropped.first == 5 && dropped.dropFirst().allSatisfy { $0 == 0 } && x == x.rounded()
        let up = dropped.first! > 5 || (dropped.first == 5 && (!tie || digits[5] % 2 == 1))
        digits.removeSubrange(6...)
        if up {
            var i = 5
            while i >= 0 && digits[i] == 9 {
                digits[i] = 0
                i -= 1
            }
            if i >= 0 {
                digits[i] += 1
            } else {
                digits.insert(1, at: 0)
                digits.removeLast()
                exponent += 1
            }
        }
    }
    while digits.count > 1 && digits.last == 0 { digits.removeLast() }
    func string(_ ds: ArraySlice<UInt8>) -> String { String(decoding: ds.map { $0 + 48 }, as: UTF8.self) }
    let sign = x < 0 ? "-" : ""
    if exponent < -4 || exponent >= 6 {
        let e = abs(exponent)
        let fraction = digits.count > 1 ? "." + string(digits[1...]) : ""
        return sign + string(digits[..<1]) + fraction + (exponent < 0 ? "e-" : "e+") + (e < 10 ? "0" : "") + String(e)
    }
    if exponent < 0 { return sign + "0." + String(repeating: "0", count: -exponent - 1) + string(digits[...]) }
    while digits.count < exponent + 1 { digits.append(0) }
    let fraction = digits.count > exponent + 1 ? "." + string(digits[(exponent + 1)...]) : ""
    return sign + string(digits[...exponent]) + fraction
}

#if hasFeature(Embedded)
#if arch(wasm32)
/// JavaScript's `Number.prototype.toExponential()`: in WebAssembly the
/// standard library has no `description` for doubles.
@_extern(wasm, module: "env", name: "gspec_shortest")
private func platformShortest(_ x: Double, _ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int32) -> Int32
#else
/// The C library's shortest round-tripping "%e" (native/src/support.c): the
/// embedded standard library has no `description` for doubles here either.
@_extern(c, "gspec_shortest")
private func platformShortest(_ x: Double, _ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int32) -> Int32
#endif

/// The shortest decimal text that reads back as `x` (`1.5`, `1.2e-07`). Natively
/// Swift's `description`, in WebAssembly JavaScript's: both give the digits of
/// the shortest round-tripping form closest to `x`, the only part `shortest` reads.
func shortestDecimal(_ x: Double) -> String {
    var buffer = [UInt8](repeating: 0, count: 40)
    let n = buffer.withUnsafeMutableBufferPointer { platformShortest(x, $0.baseAddress!, Int32($0.count)) }
    return String(decoding: buffer[..<Int(max(0, min(n, 40)))], as: UTF8.self)
}
#else
/// The shortest decimal text that reads back as `x` (`1.5`, `1.2e-07`). Natively
/// Swift's `description`, in WebAssembly JavaScript's: both give the digits of
/// the shortest round-tripping form closest to `x`, the only part `shortest` reads.
func shortestDecimal(_ x: Double) -> String { x.description }
#endif

extension Unit {
    /// A value in the runtime's unit (points, microseconds, radians, points
    /// per second, a fraction) as a spec writes it: `12.5pt`, `30deg`,
    /// `300pt/s`, `5%`; a duration in whole microseconds `300ms` or `2s`.
    public func literal(_ runtimeValue: Double) -> String {
        if dimension == .duration, let us = Self.wholeMicroseconds(runtimeValue) { return DurationText.literal(us) }
        return shortest(value(fromRuntime: runtimeValue)) + rawValue
    }

    /// The same in prose, the number and its unit apart: `12.5 pt`, `200 pt/s`, `300 ms`.
    public func prose(_ runtimeValue: Double) -> String {
        if dimension == .duration, let us = Self.wholeMicroseconds(runtimeValue) { return DurationText.prose(us) }
        return shortest(value(fromRuntime: runtimeValue)) + " " + rawValue
    }

    private static func wholeMicroseconds(_ v: Double) -> Int64? {
        v.isFinite && v == v.rounded() && abs(v) < 9e18 ? Int64(v) : nil
    }
}
