fn main() {
    eprintln!("webgui: not built yet (issue 6); the engines are `chess-engine` and `leiserchess-engine`");
    std::process::exit(2);
}
