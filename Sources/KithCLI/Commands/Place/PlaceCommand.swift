import ArgumentParser
import Foundation
import Kith

/// `kith place list|edit`: the places events happened at.
struct PlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "List places and change one on purpose.",
        discussion: """
            Events keep the place they were logged at. `kith log --at NAME --geo …` at a \
            known place never moves it: the place keeps its coordinates (a warning says so) \
            and only gets coordinates or an address it lacked. To move or rename a place, \
            and every event there with it, use `kith place edit`.
            """,
        subcommands: [List.self, Edit.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List places: name, coordinates, address and how many events.",
            discussion: "--json prints an array of {\"id\", \"name\", \"latitude\", \"longitude\", \"address\", \"events\"}; a missing value is null.")

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let places = try journal.openExisting().placeSummaries()
            if output.json {
                try JSONOutput.print(places.map(PlaceJSON.init))
                return
            }
            guard !places.isEmpty else {
                print("no places yet (log one with `kith log \"Coffee\" --at \"Blue Bottle\" --geo 25.0330,121.5654`)")
                return
            }
            let terminal = output.terminal()
            var table = Table()
            table.rightAligned = [2]
            for s in places {
                table.add([
                    terminal.bold(s.place.name), PlaceCommand.coordinates(s.place) ?? "",
                    "\(s.eventCount) \(s.eventCount == 1 ? "event" : "events")", s.place.address ?? "",
                    terminal.dim("#\(s.place.id)"),
                ])
            }
            table.printToStandardOutput()
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Rename, move or readdress a place, and with it every event there.",
            discussion: "It says how many events the change reaches. --address \"\" removes the address.")

        @Argument(help: ArgumentHelp("The place, by its name (case-insensitive).", valueName: "name")) var place: String
        @Option(help: "A new name.") var name: String?
        @Option(help: ArgumentHelp("New coordinates as LAT,LON.", valueName: "lat,lon")) var geo: String?
        @Option(help: "A new address.") var address: String?
        @OptionGroup var journal: JournalOptions

        func validate() throws {
            if name == nil && geo == nil && address == nil {
                throw ValidationError("nothing to change: give --name, --geo or --address")
            }
        }

        func run() throws {
            let coordinates = try geo.map { g -> (latitude: Double, longitude: Double) in
                let c = try EventValues.readCoordinates(g)
                return (c.0, c.1)
            }
            let (place, count) = try journal.open().editPlace(named: place, newName: name, coordinates: coordinates, address: address)
            let at = PlaceCommand.coordinates(place).map { " at \($0)" } ?? ""
            print("changed \(place.name)\(at): \(count) \(count == 1 ? "event" : "events") changed with it")
        }
    }

    /// `25.033, 121.5654`, or nil without coordinates.
    static func coordinates(_ p: Place) -> String? {
        guard let lat = p.latitude, let lon = p.longitude else { return nil }
        return "\(lat),\(lon)"
    }

    /// A place in `kith place list --json`.
    struct PlaceJSON: Encodable {
        var id: Int64
        var name: String
        var latitude: Double?
        var longitude: Double?
        var address: String?
        var events: Int

        init(_ s: PlaceSummary) {
            id = s.place.id; name = s.place.name; latitude = s.place.latitude; longitude = s.place.longitude
            address = s.place.address; events = s.eventCount
        }

        enum CodingKeys: String, CodingKey { case id, name, latitude, longitude, address, events }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
            try c.encode(address, forKey: .address)
            try c.encode(events, forKey: .events)
        }
    }
}
