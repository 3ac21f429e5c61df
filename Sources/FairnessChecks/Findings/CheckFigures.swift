import Foundation

/// The figures of a check that its own module identifies and defines, so that adding a check adds no case
/// to the report model: the check's type conforms, names itself by a stable ``key``, and its narration
/// (in the reports layer) reads the same type back.
///
/// A report carries such figures as ``AnyCheckFigures``: the key and the figures' own `Codable` form as a
/// ``FigureTree``. Encoding and decoding go through that tree, so a report set written by one version is
/// read back value for value by another that knows the same key.
///
/// Contract: ``key`` never changes once a report set holds it, and the type's `Codable` form only gains
/// optional fields (a set on disk must still decode).
public protocol CheckFigures: Sendable, Hashable, Codable {
    /// The figures' stable name in a report (`"items-drawable"`): lowercase words joined by `-`.
    static var key: String { get }
}

/// A check identified by its own module (``CheckFigures/key``) rather than by a case of the report
/// model's identifiers: the key, and the arguments that tell two checks of one kind apart (an item, a bet;
/// none for most).
public struct CheckKey: Sendable, Hashable, Codable {
    /// The key of the check's figures (``CheckFigures/key``).
    public var name: String
    /// What tells two checks of the same key apart, in order (empty for most).
    public var arguments: [String]

    /// The check of `Figures`' key, with `arguments`.
    public init<Figures: CheckFigures>(_ figures: Figures.Type, arguments: [String] = []) {
        self.name = Figures.key
        self.arguments = arguments
    }

    /// The check named `name`, with `arguments` (as a report holds it).
    public init(name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// A value of any ``CheckFigures`` type: its key and its `Codable` form, held as data.
///
/// `Hashable` and `Codable` by that form. ``decode(_:)`` gives the typed figures back; a narration
/// does, never by reading words.
public struct AnyCheckFigures: Sendable, Hashable, Codable {
    /// The figures' key (``CheckFigures/key``).
    public let key: String
    /// The figures' `Codable` form.
    public let figures: FigureTree

    /// `figures`, as data.
    /// - Throws: `EncodingError` if the figures' own encoding fails.
    public init<Figures: CheckFigures>(_ figures: Figures) throws {
        self.key = Figures.key
        let data = try FigureTree.encoder.encode(figures)
        // Read back plainly: a non-finite number stays the string it was written as.
        self.figures = try JSONDecoder().decode(FigureTree.self, from: data)
    }

    /// The figures as `Figures`, or nil when they are another key's or do not decode as `Figures` (a
    /// report written by a version whose figures differ).
    public func decode<Figures: CheckFigures>(_ type: Figures.Type) -> Figures? {
        guard key == Figures.key, let data = try? FigureTree.encoder.encode(figures) else { return nil }
        return try? FigureTree.decoder.decode(Figures.self, from: data)
    }
}

/// A `Codable` value's form as data: what JSON can write, with object keys in any order (written sorted).
///
/// Numbers keep their kind: a whole number that fits is a ``unsigned(_:)`` or ``integer(_:)``, any other a
/// ``number(_:)`` (written in its shortest form that reads back the same `Double`), so the same figures
/// always give the same tree and the same bytes. A non-finite `Double` of the figures is held as the text
/// `inf`, `-inf` or `nan`, never as a ``number(_:)``; -0.0 reads back as 0.
public indirect enum FigureTree: Sendable, Hashable, Codable {
    /// JSON's `null`.
    case null
    /// A truth value.
    case bool(Bool)
    /// A whole number ≥ 0.
    case unsigned(UInt64)
    /// A negative whole number.
    case integer(Int64)
    /// Any other number (finite: the figures' non-finite numbers are ``text(_:)``).
    case number(Double)
    /// Text.
    case text(String)
    /// A list.
    case list([FigureTree])
    /// Named fields.
    case fields([String: FigureTree])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            // Text first: a decoder that reads "NaN" or "Infinity" as numbers (as a report's does) must not
            // turn a label into one.
            self = .text(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([FigureTree].self) {
            self = .list(value)
        } else {
            self = .fields(try container.decode([String: FigureTree].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .fields(let value): try container.encode(value)
        }
    }

    /// How figures become a tree and a tree becomes figures: JSON with sorted keys, non-finite numbers as
    /// strings.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
