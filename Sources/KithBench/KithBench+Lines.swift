import ContentLines
import Foundation

extension KithBench {
    /// `read-lines FILE`: only the shared content-line reader (``ContentLineReader`` with
    /// ``PlainDialect``) over the file: every logical line unfolded and split into name,
    /// parameters and value, nothing typed. What reading iCalendar on the shared unfolder and
    /// parameter scanner would cost at least (ICalendarParser.swift's opening comment).
    static func readLines(_ args: inout BenchArguments) throws -> String {
        let path = try args.positional("FILE")
        let watch = Stopwatch()
        let file = try MappedFile(path)
        var reader = ContentLineReader<PlainDialect>(borrowing: file.bytes)
        var lines = 0, parameters = 0, valueBytes = 0
        while let line = reader.next() {
            lines += 1
            parameters += line.parameters.count
            valueBytes += line.value.utf8.count
        }
        let seconds = watch.seconds
        return "lines=\(lines) parameters=\(parameters) value_bytes=\(valueBytes) warnings=\(reader.warnings.count) "
            + "maxrss_mib=\(maxResidentMiB()) seconds=\(format(seconds))"
    }
}
