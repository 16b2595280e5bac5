import Foundation
import OpenIAPSpec

// The tokens of GraphQL SDL that `SDLParser` reads (see SDLSchema.swift
// for the part of the language that is read).

struct SDLToken: Sendable {
    enum Kind: Equatable, Sendable {
        case name(String)
        case punctuator(String)
        case string(String)
        case int(Int64)
        case float(Double)
        case end
    }

    var kind: Kind
    var location: SourceLocation
    /// True for a string that stands as a description (the parser skips those).
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }
}

enum SDLLexer {
    static func tokenize(_ source: String, file: String) throws(DiagnosticError) -> [SDLToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [SDLToken] = []
        var i = 0
        var line = 1
        var lineStart = 0

        func location(_ at: Int) -> SourceLocation {
            SourceLocation(file: file, line: line, column: at - lineStart + 1)
        }
        func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
        }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            i + offset < scalars.count ? scalars[i + offset] : nil
        }
        // Moves past a line break at `i` and starts a new line.
        func newLine() {
            if scalars[i] == "\r", peek(1) == "\n" { i += 1 }
            i += 1
            line += 1
            lineStart = i
        }

        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\u{FEFF}", " ", "\t", ",":
                i += 1
            case "\n", "\r":
                newLine()
            case "#":
                while i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" { i += 1 }
            case "!", "$", "&", "(", ")", ":", "=", "@", "[", "]", "{", "|", "}":
                tokens.append(SDLToken(kind: .punctuator(String(c)), location: location(i)))
                i += 1
            case ".":
                guard peek(1) == ".", peek(2) == "." else {
                    throw DiagnosticError(.error("unexpected '.'", at: location(i)))
                }
                tokens.append(SDLToken(kind: .punctuator("..."), location: location(i)))
                i += 3
            case "\"":
                let start = location(i)
                if peek(1) == "\"", peek(2) == "\"" {
                    // Block string: raw text up to the closing triple quote.
                    i += 3
                    var text = String.UnicodeScalarView()
                    while true {
                        guard i < scalars.count else {
                            throw DiagnosticError(.error("unterminated block string", at: start))
                        }
                        if scalars[i] == "\"", peek(1) == "\"", peek(2) == "\"" {
                            i += 3
                            break
                        }
                        if scalars[i] == "\\", peek(1) == "\"", peek(2) == "\"", peek(3) == "\"" {
                            text.append(contentsOf: "\"\"\"".unicodeScalars)
                            i += 4
                            continue
                        }
                        if scalars[i] == "\n" || scalars[i] == "\r" {
                            text.append("\n")
                            newLine()
                            continue
                        }
                        text.append(scalars[i])
                        i += 1
                    }
                    tokens.append(SDLToken(kind: .string(String(text)), location: start))
                } else {
                    i += 1
                    var text = String.UnicodeScalarView()
                    while true {
                        guard i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" else {
                            throw DiagnosticError(.error("unterminated string", at: start))
                        }
                        let s = scalars[i]
                        if s == "\"" {
                            i += 1
                            break
                        }
                        if s == "\\", let next = peek(1) {
                            i += 2
                            switch next {
                            case "n": text.append("\n")
                            case "t": text.append("\t")
                            case "r": text.append("\r")
                            case "b": text.append("\u{8}")
                            case "f": text.append("\u{C}")
                            case "u":
                                let hex = String(String.UnicodeScalarView(scalars[min(i, scalars.count)..<min(i + 4, scalars.count)]))
                                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                                    throw DiagnosticError(.error("invalid unicode escape", at: location(i - 2)))
                                }
                                text.append(scalar)
                                i += 4
                            default: text.append(next)
                            }
                            continue
                        }
                        text.append(s)
                        i += 1
                    }
                    tokens.append(SDLToken(kind: .string(String(text)), location: start))
                }
            case "-", "0"..."9":
                let start = i
                if c == "-" { i += 1 }
                var isFloat = false
                while let d = peek(0), isDigit(d) { i += 1 }
                if peek(0) == ".", let d = peek(1), isDigit(d) {
                    isFloat = true
                    i += 1
                    while let d = peek(0), isDigit(d) { i += 1 }
                }
                if let e = peek(0), e == "e" || e == "E" {
                    isFloat = true
                    i += 1
                    if let sign = peek(0), sign == "+" || sign == "-" { i += 1 }
                    while let d = peek(0), isDigit(d) { i += 1 }
                }
                let text = String(String.UnicodeScalarView(scalars[start..<i]))
                if isFloat, let value = Double(text) {
                    tokens.append(SDLToken(kind: .float(value), location: location(start)))
                } else if !isFloat, let value = Int64(text) {
                    tokens.append(SDLToken(kind: .int(value), location: location(start)))
                } else {
                    throw DiagnosticError(.error("invalid number '\(text)'", at: location(start)))
                }
            default:
                guard isNameStart(c) else {
                    throw DiagnosticError(.error("unexpected character '\(c)'", at: location(i)))
                }
                let start = i
                while let n = peek(0), isNameStart(n) || isDigit(n) { i += 1 }
                tokens.append(SDLToken(kind: .name(String(String.UnicodeScalarView(scalars[start..<i]))),
                                       location: location(start)))
            }
        }
        tokens.append(SDLToken(kind: .end, location: location(i)))
        return tokens
    }
}
