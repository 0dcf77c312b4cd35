import CIDNA

/// The URL Standard's "domain to ASCII" (not strict): UTS #46 ToASCII with CheckBidi, CheckJoiners and
/// nontransitional processing, but without CheckHyphens, STD3 rules or DNS length limits, done by ICU. An ASCII
/// name without an `xn--` label is only lowercased.
enum DomainToASCII {
    static func convert(_ domain: String) throws(LinkPartError) -> String {
        let result: String
        if domain.unicodeScalars.allSatisfy(\.isASCII),
            !domain.split(separator: ".", omittingEmptySubsequences: false).contains(where: isPunycodeLabel)
        {
            result = domain.lowercased()
        } else {
            result = try uts46ToASCII(domain)
        }
        guard !result.isEmpty, !result.unicodeScalars.contains(where: LinkHost.isForbiddenDomainCodePoint) else {
            throw .badHost
        }
        return result
    }

    private static func uts46ToASCII(_ domain: String) throws(LinkPartError) -> String {
        let input = Array(domain.utf8)
        guard input.count < Int32.max / 4 else { throw .badHost }
        var capacity = max(64, input.count * 2)
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var errors: UInt32 = 0
            let length = input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    input.withMemoryRebound(to: CChar.self) { input in
                        output.withMemoryRebound(to: CChar.self) { output in
                            cidna_domain_to_ascii(
                                input.baseAddress, Int32(input.count), output.baseAddress, Int32(output.count),
                                &errors)
                        }
                    }
                }
            }
            guard length >= 0 else { throw .badHost }
            if Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            guard errors & ~cidna_errors_not_checked_by_urls == 0 else { throw .badHost }
            return String(decoding: output[..<Int(length)], as: UTF8.self)
        }
    }

    private static func isPunycodeLabel(_ label: Substring) -> Bool {
        label.utf8.count >= 4 && label.prefix(4).lowercased() == "xn--"
    }
}
