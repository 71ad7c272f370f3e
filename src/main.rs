//! The `judge` binary: a thin layer over the library.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == judge::sandbox::LAUNCH_SUBCOMMAND {
        judge::sandbox::launcher::main(&args[2]);
    }
}
