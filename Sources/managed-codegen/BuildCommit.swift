/// The commit a release binary was built from. SwiftPM has no build-time step without a plugin, so
/// `scripts/release.sh` writes the hash here before its release build and restores this file afterwards;
/// every other build (from source, Mint, `make install` from a checkout) says `unknown`.
enum BuildCommit {
    static let hash: String? = nil
}
