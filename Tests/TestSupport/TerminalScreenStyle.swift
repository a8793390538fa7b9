// TerminalScreenStyle.swift — SGR (CSI ... m) for TerminalScreen: the pen that later
// characters are written with.
//
// Kept: bold (1, 22), underline (4, 24), inverse (7, 27), foreground and background in
// every form xterm takes — 30–37, 90–97, 40–47, 100–107, 39, 49, and the extended
// 38/48 colours both as `38;5;N` / `38;2;R;G;B` and with colons (`38:5:N`,
// `38:2::R:G:B`, `38:2:R:G:B`). 0 or an empty list resets. Other attributes are
// read and ignored; an extended colour with missing or out-of-range parts is dropped.

extension TerminalScreen {
    mutating func style(_ parameters: [[Int?]]) {
        var index = 0
        while index < parameters.count {
            let group = parameters[index]
            let code = group.first.flatMap { $0 } ?? 0
            index += 1
            switch code {
            case 0: pen = TerminalCell()
            case 1: pen.bold = true
            case 22: pen.bold = false
            case 4: pen.underline = true
            case 24: pen.underline = false
            case 7: pen.inverse = true
            case 27: pen.inverse = false
            case 30...37: pen.foreground = .ansi(UInt8(code - 30))
            case 90...97: pen.foreground = .ansi(UInt8(code - 90 + 8))
            case 39: pen.foreground = nil
            case 40...47: pen.background = .ansi(UInt8(code - 40))
            case 100...107: pen.background = .ansi(UInt8(code - 100 + 8))
            case 49: pen.background = nil
            case 38, 48:
                let color: TerminalColor?
                if group.count > 1 {
                    color = Self.extendedColor(Array(group.dropFirst()), colons: true)
                } else {
                    // Semicolon form: the colour's parts are the next parameters.
                    let kind = index < parameters.count ? parameters[index].first ?? nil : nil
                    let length = kind == 5 ? 2 : kind == 2 ? 4 : 1
                    let parts = parameters[index..<min(parameters.count, index + length)].map { $0.first ?? nil }
                    index += parts.count
                    color = Self.extendedColor(parts, colons: false)
                }
                if let color {
                    if code == 38 { pen.foreground = color } else { pen.background = color }
                }
            default: break
            }
        }
    }

    /// `5;N` or `2;R;G;B` (with colons, `2` may be followed by a colour-space id).
    /// nil when malformed.
    static func extendedColor(_ parts: [Int?], colons: Bool) -> TerminalColor? {
        func byte(_ value: Int?) -> UInt8? { value.flatMap { (0...255).contains($0) ? UInt8($0) : nil } }
        switch parts.first ?? nil {
        case 5:
            guard parts.count >= 2, let number = byte(parts[1]) else { return nil }
            return .indexed(number)
        case 2:
            var components = Array(parts.dropFirst())
            if colons && components.count >= 4 { components.removeFirst() }  // colour space
            guard components.count >= 3, let red = byte(components[0] ?? 0), let green = byte(components[1] ?? 0),
                  let blue = byte(components[2] ?? 0) else { return nil }
            return .rgb(red, green, blue)
        default:
            return nil
        }
    }
}
