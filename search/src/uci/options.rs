//! The UCI options: the engine's own (`Hash`, `Threads`, `Move Overhead`,
//! `Clear Hash`, `Ponder`, the strength options `UCI_LimitStrength`,
//! `UCI_Elo` and `Skill Level`, one check option per search feature), the
//! game's evaluation parameters as spin options, its text settings as
//! string options (`EvalFile` for chess), and the check option of
//! the game's start variant (`UCI_Chess960`), which the game itself holds. The switches whose match showed
//! no gain (`Stage::Development`) are accepted by `setoption` always but
//! listed by `uci` only when [`DEV_OPTIONS_ENV`] is set, so that a GUI's
//! dialog shows what plays. The engine's own options hold
//! for every rule set: [`EngineSettings`] carries them from one game's
//! engine to the next when `UCI_Variant` changes.

use std::time::Duration;

use crate::game::{EvalParams, UciGame};
use crate::params::{Features, SearchParams, Stage};
use crate::search::{Engine, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_MULTIPV};
use crate::skill::{Skill, Strength};

use super::error::UciError;

pub const MAX_HASH_MB: i64 = 65_536;
pub const MAX_THREADS: i64 = 256;
pub const MAX_MOVE_OVERHEAD_MS: i64 = 5_000;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Button,
    /// Text; an empty default is shown as `<empty>`, as UCI asks.
    String {
        default: String,
    },
}

/// What `setoption` sends for "no value" to a string option (besides no
/// value at all): UCI's way to write the empty string.
const EMPTY_STRING: &str = "<empty>";

#[derive(Clone, Debug, PartialEq, Eq)]
struct UciOption {
    name: String,
    kind: Kind,
    /// Listed by `uci` only when development options are asked for.
    development: bool,
}

/// The environment variable that makes `uci` list the development
/// options too (any value but empty or `0`): the autotester sets it for
/// `tune`, developers for SPRTs of those switches.
pub const DEV_OPTIONS_ENV: &str = "ENGINE_DEV_OPTIONS";

/// Whether this process lists the development options.
fn development_listed() -> bool {
    std::env::var_os(DEV_OPTIONS_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

fn all_options<G: UciGame>() -> Vec<UciOption> {
    let spin = |name: &str, default: i64, min: i64, max: i64| UciOption {
        name: name.to_string(),
        kind: Kind::Spin { default, min, max },
        development: false,
    };
    let check = |name: &str, default: bool| UciOption {
        name: name.to_string(),
        kind: Kind::Check { default },
        development: false,
    };
    let mut options = vec![
        spin("Hash", DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB),
        spin("Threads", 1, 1, MAX_THREADS),
        spin("MultiPV", 1, 1, MAX_MULTIPV as i64),
        spin(
            "Move Overhead",
            DEFAULT_MOVE_OVERHEAD_MS as i64,
            0,
            MAX_MOVE_OVERHEAD_MS,
        ),
        UciOption {
            name: "Clear Hash".to_string(),
            kind: Kind::Button,
            development: false,
        },
        // Declared so that GUIs offer pondering; `go ponder` works either way.
        check("Ponder", false),
        check("UCI_LimitStrength", false),
        spin(
            "UCI_Elo",
            G::STRENGTH_SCALE.max_elo().into(),
            G::STRENGTH_SCALE.min_elo().into(),
            G::STRENGTH_SCALE.max_elo().into(),
        ),
        spin(
            "Skill Level",
            Skill::MAX_LEVEL.into(),
            0,
            Skill::MAX_LEVEL.into(),
        ),
    ];
    let defaults = G::search_params();
    for switch in Features::UCI_SWITCHES {
        options.push(UciOption {
            name: switch.name.to_string(),
            kind: Kind::Check {
                default: switch.get(&defaults.features),
            },
            development: switch.stage == Stage::Development,
        });
    }
    for p in SearchParams::UCI_SPINS {
        options.push(spin(
            p.name,
            p.get(&defaults).into(),
            p.min.into(),
            p.max.into(),
        ));
    }
    if let Some(variant) = G::START_VARIANT {
        options.push(check(variant.uci_option, false));
    }
    for o in G::Params::options() {
        options.push(match o.check {
            true => check(o.name, o.default != 0),
            false => spin(o.name, o.default as i64, o.min as i64, o.max as i64),
        });
    }
    for o in G::Params::string_options() {
        options.push(UciOption {
            name: o.name.to_string(),
            kind: Kind::String {
                default: o.default.to_string(),
            },
            development: false,
        });
    }
    options
}

/// The `option name …` lines for the `uci` command.
pub fn option_lines<G: UciGame>() -> Vec<String> {
    let development = development_listed();
    all_options::<G>()
        .into_iter()
        .filter(|o| development || !o.development)
        .map(|o| match o.kind {
            Kind::Spin { default, min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                o.name
            ),
            Kind::Check { default } => {
                format!("option name {} type check default {default}", o.name)
            }
            Kind::Button => format!("option name {} type button", o.name),
            Kind::String { default } => {
                let shown = if default.is_empty() {
                    EMPTY_STRING
                } else {
                    &default
                };
                format!("option name {} type string default {shown}", o.name)
            }
        })
        .collect()
}

/// Applies `setoption` to the engine, or to the game `pos` for the start
/// variant's switch; on any error nothing changes.
pub fn set_option<G: UciGame>(
    engine: &mut Engine<G>,
    pos: &mut G,
    name: &str,
    value: Option<&str>,
) -> Result<(), UciError> {
    let option = all_options::<G>()
        .into_iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| UciError::UnknownOption(name.to_string()))?;
    let bad = |reason: String| UciError::OptionValue {
        name: option.name.clone(),
        reason,
    };
    match option.kind {
        Kind::Button => {
            if option.name == "Clear Hash" {
                engine.new_game();
            }
            Ok(())
        }
        Kind::Check { .. } => {
            let text = value.ok_or_else(|| bad("missing value (true or false)".to_string()))?;
            // 1 and 0 too: the evaluation switches were spin options once,
            // and scripts written then still send them.
            let on = match text.to_ascii_lowercase().as_str() {
                "true" | "1" => true,
                "false" | "0" => false,
                _ => return Err(bad(format!("'{text}' is not true or false"))),
            };
            if G::START_VARIANT.is_some_and(|v| v.uci_option == option.name) {
                pos.set_start_variant(on);
                return Ok(());
            }
            set_check(engine, &option.name, on)
        }
        Kind::Spin { min, max, .. } => {
            let text = value.ok_or_else(|| bad("missing value".to_string()))?;
            let v: i64 = text
                .trim()
                .parse()
                .map_err(|_| bad(format!("'{text}' is not a number")))?;
            if v < min || v > max {
                return Err(bad(format!("{v} is outside {min}..{max}")));
            }
            set_spin(engine, &option.name, v)
        }
        Kind::String { .. } => {
            // No value, or UCI's `<empty>`, sets the empty string.
            let text = value.map_or("", str::trim);
            let text = if text == EMPTY_STRING { "" } else { text };
            set_eval_string(engine, &option.name, text)
        }
    }
}

/// Sets the check option `name` (a known one) to `on`.
fn set_check<G: UciGame>(engine: &mut Engine<G>, name: &str, on: bool) -> Result<(), UciError> {
    let strength = engine.strength();
    match name {
        "Ponder" => {}
        "UCI_LimitStrength" => engine.set_strength(
            Strength {
                limit_strength: on,
                ..strength
            },
            &G::STRENGTH_SCALE,
        ),
        other => match Features::UCI_SWITCHES.iter().find(|s| s.name == other) {
            Some(switch) => switch.set(&mut engine.params_mut().features, on),
            None => set_eval_param(engine, other, i32::from(on))?,
        },
    }
    Ok(())
}

/// Sets the spin option `name` (a known one) to `v`, within its bounds.
fn set_spin<G: UciGame>(engine: &mut Engine<G>, name: &str, v: i64) -> Result<(), UciError> {
    let strength = engine.strength();
    match name {
        "Hash" => engine.set_hash_mb(v as usize)?,
        "Threads" => engine.set_threads(v as usize),
        "MultiPV" => engine.set_multipv(v as usize),
        "Move Overhead" => engine.set_move_overhead(Duration::from_millis(v as u64)),
        "UCI_Elo" => engine.set_strength(
            Strength {
                elo: Some(v as i32),
                ..strength
            },
            &G::STRENGTH_SCALE,
        ),
        "Skill Level" => engine.set_strength(
            Strength {
                level: v as u32,
                ..strength
            },
            &G::STRENGTH_SCALE,
        ),
        other => match SearchParams::UCI_SPINS.iter().find(|p| p.name == other) {
            Some(spin) => spin.set(engine.params_mut(), v as i32),
            None => set_eval_param(engine, other, v as i32)?,
        },
    }
    Ok(())
}

/// Sets a game weight or switch, on a copy so that a refusal changes
/// nothing.
fn set_eval_param<G: UciGame>(
    engine: &mut Engine<G>,
    name: &str,
    value: i32,
) -> Result<(), UciError> {
    let mut params = engine.eval_params().clone();
    params.set(name, value).map_err(|e| UciError::OptionValue {
        name: name.to_string(),
        reason: e.to_string(),
    })?;
    *engine.eval_params_mut() = params;
    Ok(())
}

/// Sets a game's string option, on a copy so that a refusal (a file that
/// cannot be read, say) changes nothing.
fn set_eval_string<G: UciGame>(
    engine: &mut Engine<G>,
    name: &str,
    value: &str,
) -> Result<(), UciError> {
    let mut params = engine.eval_params().clone();
    params
        .set_string(name, value)
        .map_err(|e| UciError::OptionValue {
            name: name.to_string(),
            reason: e.to_string(),
        })?;
    *engine.eval_params_mut() = params;
    Ok(())
}

/// The values of every option above that is not a game weight (the
/// buttons hold none): what the engine of one rule set hands to the
/// engine of the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EngineSettings {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    /// The strength options.
    strength: Strength,
    /// The check options (a switch per search feature) with the search
    /// constants they sit among.
    search: SearchParams,
}

impl EngineSettings {
    pub(super) fn of<G: UciGame>(engine: &Engine<G>) -> Self {
        EngineSettings {
            hash_mb: engine.hash_mb(),
            threads: engine.threads(),
            multipv: engine.multipv(),
            move_overhead: engine.move_overhead(),
            strength: engine.strength(),
            search: *engine.params(),
        }
    }

    /// The table size, for making the next engine.
    pub(super) fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets all but the table size, which an engine is made with.
    pub(super) fn apply_to<G: UciGame>(&self, engine: &mut Engine<G>) {
        engine.set_threads(self.threads);
        engine.set_multipv(self.multipv);
        engine.set_move_overhead(self.move_overhead);
        engine.set_strength(self.strength, &G::STRENGTH_SCALE);
        *engine.params_mut() = self.search;
    }
}
