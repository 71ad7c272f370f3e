//! Rebuilds judge-core when a bundled problem changes: `include_dir!` embeds the project's
//! `problems/` into the library, but on stable Rust the compiler is not told which files it
//! read.

fn main() {
    println!("cargo::rerun-if-changed=../../problems");
}
