//! The entry points: UCI for one game, or for several rule sets of one
//! engine binary chosen by the `UCI_Variant` combo option.
//!
//! Each [`Variant`] is a name and the driver compiled for its game type,
//! so every rule set runs the search monomorphized for itself. A switch
//! waits like any `setoption` (a running search ends first: by itself, or
//! by `stop` if only `stop` would end it), then the driver of the chosen
//! type takes over the same input, output and waiting lines, with the
//! engine's own options (`Hash`, `Threads`, `MultiPV`, `Move Overhead`,
//! the search switches) and the new rule set's start position, as after
//! `ucinewgame`. Evaluation weights belong to their rule set: each keeps
//! its own while another plays.

use std::any::Any;
use std::fmt;
use std::io::{BufRead, Write};

use crate::game::{EvalParams, UciGame};

use super::driver::{self, UciConfig};
use super::error::UciError;
use super::link::{Link, Output};
use super::waiting::EndOfInput;

/// The option that chooses the rule set.
pub const VARIANT_OPTION: &str = "UCI_Variant";

/// One rule set an engine binary plays: its `UCI_Variant` value and the
/// UCI driver of its game type.
///
/// ```ignore
/// search::uci::main_variants(&[
///     Variant::of::<leiserchess::Leiserchess>("2018"),
///     Variant::of::<leiserchess::Leiserchess2016>("2016"),
/// ])
/// ```
#[derive(Clone, Copy)]
pub struct Variant {
    name: &'static str,
    identity: fn() -> UciConfig,
    drive: fn(Link) -> (Link, Exit),
}

impl Variant {
    /// The rules of `G`, chosen by `setoption name UCI_Variant value <name>`
    /// (one word; the variants of an engine need distinct names).
    pub fn of<G: UciGame>(name: &'static str) -> Self {
        Variant {
            name,
            identity: UciConfig::for_game::<G>,
            drive: driver::drive::<G>,
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Variant").field(&self.name).finish()
    }
}

/// What ends one game's driver.
pub(super) enum Exit {
    /// `quit`, or end of input with nothing left to do.
    Done,
    /// `UCI_Variant` chose the variant with this index.
    Switch(usize),
}

/// The rule sets of one engine, the one playing, and the weights of the
/// others.
pub(super) struct Variants {
    list: Vec<Variant>,
    current: usize,
    /// Each variant's evaluation weights (its `G::Params`) while another
    /// one plays.
    weights: Vec<Option<Box<dyn Any + Send>>>,
}

impl Variants {
    /// The first is the default; `None` without any.
    fn new(list: &[Variant]) -> Option<Self> {
        debug_assert!(
            list.len() < 2 || names_are_choices(list),
            "variant names must be single words, distinct without regard to case: {list:?}"
        );
        (!list.is_empty()).then(|| Variants {
            list: list.to_vec(),
            current: 0,
            weights: list.iter().map(|_| None).collect(),
        })
    }

    fn identity(&self) -> UciConfig {
        (self.list[0].identity)()
    }

    fn names(&self) -> Vec<&'static str> {
        self.list.iter().map(|v| v.name).collect()
    }

    /// Whether `setoption name <option>` chooses the variant (only an
    /// engine with a choice has the option).
    pub(super) fn is_choice(&self, option: &str) -> bool {
        self.list.len() > 1 && option.eq_ignore_ascii_case(VARIANT_OPTION)
    }

    /// The combo option for `uci`, when there is a choice.
    pub(super) fn option_line(&self) -> Option<String> {
        let names = self.names();
        (names.len() > 1).then(|| {
            let vars: Vec<String> = names.iter().map(|n| format!(" var {n}")).collect();
            format!(
                "option name {VARIANT_OPTION} type combo default {}{}",
                names[0],
                vars.concat()
            )
        })
    }

    /// The variant `value` names, or `None` if it is the one playing.
    pub(super) fn choose(&self, value: Option<&str>) -> Result<Option<usize>, UciError> {
        let allowed = self.names().join(", ");
        let bad = |reason: String| UciError::OptionValue {
            name: VARIANT_OPTION.to_string(),
            reason,
        };
        let value = value
            .map(str::trim)
            .ok_or_else(|| bad(format!("missing value (one of {allowed})")))?;
        let index = self
            .list
            .iter()
            .position(|v| v.name.eq_ignore_ascii_case(value))
            .ok_or_else(|| bad(format!("unknown variant '{value}' (one of {allowed})")))?;
        Ok((index != self.current).then_some(index))
    }

    /// Keeps the weights of the variant leaving.
    pub(super) fn keep_weights<P: EvalParams>(&mut self, weights: P) {
        self.weights[self.current] = Some(Box::new(weights));
    }

    /// The weights the variant coming back had, if it played before.
    pub(super) fn take_weights<P: EvalParams>(&mut self) -> Option<P> {
        let kept = self.weights[self.current].take()?;
        kept.downcast::<P>().ok().map(|weights| *weights)
    }
}

/// Whether each name is one word and no two are the same but for case,
/// as values of a combo option must be.
fn names_are_choices(list: &[Variant]) -> bool {
    list.iter().enumerate().all(|(i, v)| {
        let taken = list[..i]
            .iter()
            .any(|u| u.name.eq_ignore_ascii_case(v.name));
        !v.name.is_empty() && !v.name.contains(char::is_whitespace) && !taken
    })
}

/// Runs the protocol: each variant's driver in turn, as `UCI_Variant`
/// chooses, until `quit` or end of input.
fn converse(
    config: Option<UciConfig>,
    variants: &[Variant],
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
    eof_policy: EndOfInput,
) {
    let out = Output::new(output);
    let Some(variants) = Variants::new(variants) else {
        out.line("info string error: no game to play");
        return;
    };
    let config = config.unwrap_or_else(|| variants.identity());
    let Some(mut link) = Link::open(config, variants, input, out, eof_policy) else {
        return;
    };
    loop {
        let variants = &link.session.variants;
        let drive = variants.list[variants.current].drive;
        let (back, exit) = drive(link);
        link = back;
        match exit {
            Exit::Done => return,
            Exit::Switch(to) => link.session.variants.current = to,
        }
    }
}

/// Runs the UCI protocol for game `G` until `quit` or end of input.
pub fn run<G: UciGame>(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    run_variants(&[Variant::of::<G>(G::NAME)], input, output);
}

/// [`run`] with a custom identity.
pub fn run_with<G: UciGame>(
    config: UciConfig,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) {
    let variants = [Variant::of::<G>(G::NAME)];
    converse(
        Some(config),
        &variants,
        input,
        output,
        EndOfInput::StopsSearches,
    );
}

/// [`run`] for several rule sets, the first the default; the identity is
/// the first one's game.
pub fn run_variants(
    variants: &[Variant],
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) {
    converse(None, variants, input, output, EndOfInput::StopsSearches);
}

/// Entry point for an engine binary: UCI on stdin/stdout, or, with
/// command-line arguments, runs them as one command to its end and exits
/// (for example `chess-engine bench 10` or `leiserchess-engine perft 4`).
pub fn main<G: UciGame>() -> std::process::ExitCode {
    main_variants(&[Variant::of::<G>(G::NAME)])
}

/// [`main`] for an engine binary that plays several rule sets, the first
/// the default (which a command line plays).
pub fn main_variants(variants: &[Variant]) -> std::process::ExitCode {
    // `args_os`: an argument that is not UTF-8 must not panic the engine.
    // No command reads bytes beyond text, so it is refused in words.
    let args: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(std::ffi::OsString::into_string)
        .collect()
    {
        Ok(args) => args,
        Err(bad) => {
            eprintln!(
                "error: the argument {} is not UTF-8 text; UCI commands are text",
                bad.to_string_lossy()
            );
            return std::process::ExitCode::from(2);
        }
    };
    if args.is_empty() {
        let stdin = std::io::BufReader::new(std::io::stdin());
        run_variants(variants, stdin, std::io::stdout());
    } else {
        let line = args.join(" ") + "\n";
        converse(
            None,
            variants,
            std::io::Cursor::new(line.into_bytes()),
            std::io::stdout(),
            EndOfInput::LetsJobsFinish,
        );
    }
    std::process::ExitCode::SUCCESS
}
