//! The end-to-end tests, one module per area, in one test binary: `cargo test` runs the
//! binaries one after another and the tests of one binary in parallel, so one binary keeps
//! every core busy (as separate binaries, the suite took about twice as long on 2 cores).
//! `sessions.rs` (it sets an environment variable of its process), `unprivileged.rs` (it
//! looks for processes of a user that every sandboxed run as root uses) and `fuzz.rs` (run
//! alone by CI) stay binaries of their own.

mod common;

mod architecture;
mod bounds;
mod bundled_ai;
mod calibration;
mod commands;
mod compile;
mod docs;
mod folder_groups;
mod generators;
mod grade;
mod hostile;
mod html;
mod install;
mod interactive;
mod interactive_cpu;
mod interactor28489;
mod interrupt;
mod kattis;
mod kattis_languages;
mod languages;
mod load;
mod newcomer;
mod packages;
mod parts;
mod polygon;
mod robustness;
mod scaffold;
mod scoring;
mod shards;
mod stress;
mod untrusted;
mod untrusted_text;
mod verdicts;
