import Foundation

/// The functions of one ELF file by address, read from its full symbol table (`.symtab`, local symbols
/// included) or, when the file was stripped, its dynamic one.
///
/// `dladdr` only knows a file's exported symbols, and a test binary exports few: the skill's own
/// functions (statically linked into it, private helpers included) are found only here.
@available(SkillCheckTesting, *)
struct ELFSymbolTable: Sendable {
    private struct Symbol: Sendable {
        var start: UInt64
        var size: UInt64
        var name: String
    }

    /// Whether addresses in the file are absolute (`ET_EXEC`) rather than offsets from where it is loaded.
    let isAbsolute: Bool
    private let symbols: [Symbol]

    /// Reads `path`; `nil` when it is not a 64-bit little-endian ELF file or has no symbol table.
    init?(path: String) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        guard let parsed = data.withUnsafeBytes({ Self.parse($0) }) else { return nil }
        (isAbsolute, symbols) = parsed
    }

    /// The function holding `offset`, by its mangled name.
    func function(at offset: UInt64) -> String? {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let symbol = symbols[low - 1]
        guard offset < symbol.start + max(symbol.size, 1) else { return nil }
        return symbol.name
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> (Bool, [Symbol])? {
        func read<T: FixedWidthInteger>(_: T.Type, _ at: Int) -> T? {
            guard at >= 0, at + MemoryLayout<T>.size <= bytes.count else { return nil }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: T.self))
        }
        // "\x7fELF", 64-bit, little-endian.
        guard bytes.count > 64, read(UInt32.self, 0) == 0x464C_457F, bytes[4] == 2, bytes[5] == 1 else { return nil }
        guard let type = read(UInt16.self, 16), let sectionTable = read(UInt64.self, 40),
            let sectionSize = read(UInt16.self, 58), let sectionCount = read(UInt16.self, 60)
        else { return nil }
        func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int, entry: Int)? {
            let base = Int(sectionTable) + index * Int(sectionSize)
            guard let type = read(UInt32.self, base + 4), let offset = read(UInt64.self, base + 24),
                let size = read(UInt64.self, base + 32), let link = read(UInt32.self, base + 40),
                let entry = read(UInt64.self, base + 56)
            else { return nil }
            return (type, Int(offset), Int(size), Int(link), Int(entry))
        }
        let sections = (0..<Int(sectionCount)).compactMap { section($0) }
        // SHT_SYMTAB, else SHT_DYNSYM.
        guard let table = sections.first(where: { $0.type == 2 }) ?? sections.first(where: { $0.type == 11 }),
            table.link < sections.count, table.entry >= 24
        else { return nil }
        let strings = sections[table.link]
        var symbols: [Symbol] = []
        symbols.reserveCapacity(table.size / table.entry)
        var at = table.offset
        while at + 24 <= table.offset + table.size {
            defer { at += table.entry }
            // STT_FUNC with a value.
            guard let info = read(UInt8.self, at + 4), info & 0xF == 2, let nameOffset = read(UInt32.self, at),
                let value = read(UInt64.self, at + 8), value != 0, let size = read(UInt64.self, at + 16)
            else { continue }
            let start = strings.offset + Int(nameOffset)
            guard start < strings.offset + strings.size, start < bytes.count else { continue }
            var end = start
            while end < bytes.count, bytes[end] != 0 { end += 1 }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            symbols.append(Symbol(start: value, size: size, name: name))
        }
        symbols.sort { $0.start < $1.start }
        return (type == 2, symbols)
    }
}
