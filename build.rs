//! Rebuilds judge when a bundled problem changes: `include_dir!` embeds `problems/` into the
//! binary, but on stable Rust the compiler is not told which files it read.

fn main() {
    println!("cargo::rerun-if-changed=problems");
}
