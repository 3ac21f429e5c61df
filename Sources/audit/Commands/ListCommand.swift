import ArgumentParser
import FairnessSubjects
import Foundation

/// `audit list`: the built-in subjects, one line each.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the built-in subjects, one line each.")

    func run() {
        let width = Catalogue.builtIn.map(\.name.count).max() ?? 0
        for subject in Catalogue.builtIn {
            print(subject.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + subject.summary)
        }
    }
}
