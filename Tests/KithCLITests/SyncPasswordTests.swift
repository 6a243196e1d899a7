import Testing

@testable import KithCLI
@testable import KithNetCLI

/// The password of `kith sync`: the first line of the password command, and errors that
/// never repeat what the command printed.
@Suite(.enabled(if: EnvironmentVariables.named("KITH_SYNC_PASSWORD").isEmpty))
struct SyncPasswordTests {
    @Test func theFirstLineOfTheCommandIsThePassword() throws {
        #expect(try SyncPassword.resolve(account: "home", command: "printf 'pa ss:word\\r\\nsecond line\\n'") == "pa ss:word")
        #expect(try SyncPassword.resolve(account: "home", command: nil) == nil)
    }

    @Test func aFailingCommandSaysItsStatusNotItsOutput() throws {
        do {
            _ = try SyncPassword.resolve(account: "home", command: "echo hunter2; exit 3")
            Issue.record("a failing command was accepted")
        } catch let error as UserError {
            #expect(error.description.contains("exit status 3"))
            #expect(!error.description.contains("hunter2"))
        }
        #expect(throws: UserError.self) { try SyncPassword.resolve(account: "home", command: "true") }
    }
}
