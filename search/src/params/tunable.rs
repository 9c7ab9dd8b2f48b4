//! A declared switch or constant as the outside sees it: a UCI option
//! that reads and writes one field, and for the constants a tuner moves,
//! the line of a fishtest/SPSA parameter file.

use super::{Features, SearchParams, Stage};
use crate::uci::DEV_OPTIONS_ENV;

/// One named boolean of [`Features`]: a UCI check option.
pub struct FeatureSwitch {
    pub name: &'static str,
    /// Whether the switch plays, waits for a game's choice, or failed its
    /// match (then it is a development option, see [`Stage`]).
    pub stage: Stage,
    field: fn(&mut Features) -> &mut bool,
}

impl FeatureSwitch {
    pub(super) const fn new(
        name: &'static str,
        stage: Stage,
        field: fn(&mut Features) -> &mut bool,
    ) -> Self {
        FeatureSwitch { name, stage, field }
    }

    pub fn get(&self, features: &Features) -> bool {
        let mut copy = *features;
        *(self.field)(&mut copy)
    }

    pub fn set(&self, features: &mut Features, value: bool) {
        *(self.field)(features) = value;
    }
}

/// Where SPSA moves a constant: within `min..=max`, by steps that end at
/// `c_end` (fishtest's final perturbation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaRange {
    pub min: i32,
    pub max: i32,
    pub c_end: f64,
}

/// fishtest's final learning rate `r_end`, the same for every constant.
pub const SPSA_R_END: f64 = 0.02;

/// One named constant of [`SearchParams`]: a UCI spin option, and a
/// tunable when it has an [`SpsaRange`].
pub struct ParamSpin {
    pub name: &'static str,
    field: fn(&mut SearchParams) -> &mut i32,
    pub min: i32,
    pub max: i32,
    pub spsa: Option<SpsaRange>,
}

impl ParamSpin {
    pub(super) const fn new(
        name: &'static str,
        field: fn(&mut SearchParams) -> &mut i32,
        (min, max): (i32, i32),
        spsa: Option<SpsaRange>,
    ) -> Self {
        ParamSpin {
            name,
            field,
            min,
            max,
            spsa,
        }
    }

    pub fn get(&self, params: &SearchParams) -> i32 {
        let mut copy = *params;
        *(self.field)(&mut copy)
    }

    pub fn set(&self, params: &mut SearchParams, value: i32) {
        *(self.field)(params) = value.clamp(self.min, self.max);
    }

    /// The constant's line in a fishtest/SPSA parameter file, starting from
    /// its value in `defaults`: `name, start, min, max, c_end, r_end`.
    pub fn spsa_line(&self, defaults: &SearchParams) -> Option<String> {
        let range = self.spsa?;
        Some(format!(
            "{}, {}, {}, {}, {}, {}",
            self.name,
            self.get(defaults),
            range.min,
            range.max,
            range.c_end,
            SPSA_R_END
        ))
    }
}

impl SearchParams {
    /// The parameter file of every tunable constant, from `defaults` (a
    /// game's own): what `autotester tune --params` reads.
    pub fn spsa_file(defaults: &SearchParams) -> String {
        SearchParams::UCI_SPINS
            .iter()
            .filter_map(|spin| spin.spsa_line(defaults))
            .map(|line| line + "\n")
            .collect()
    }
}

impl SearchParams {
    /// The Markdown table of every switch and constant that is a UCI
    /// option, with each game's default (`games`: a column name and the
    /// game's `search_params`), for `docs/search-options.md`.
    pub fn options_table(games: &[(&str, SearchParams)]) -> String {
        let names: Vec<&str> = games.iter().map(|(name, _)| *name).collect();
        let mut table = format!(
            "| option | type | {} | range | SPSA (min..max, c_end) |\n|---|---|{}---|---|\n",
            names.join(" | "),
            "---|".repeat(games.len())
        );
        for switch in Features::UCI_SWITCHES {
            let defaults: Vec<String> = games
                .iter()
                .map(|(_, p)| switch.get(&p.features).to_string())
                .collect();
            let stage = match switch.stage {
                Stage::Playing => "on in every game".to_string(),
                Stage::ByGame => "on where a game's match gained".to_string(),
                Stage::Development => format!("development: listed with `{DEV_OPTIONS_ENV}=1`"),
            };
            table += &format!(
                "| `{}` | check | {} | {stage} | |\n",
                switch.name,
                defaults.join(" | ")
            );
        }
        for spin in SearchParams::UCI_SPINS {
            let defaults: Vec<String> =
                games.iter().map(|(_, p)| spin.get(p).to_string()).collect();
            let spsa = spin.spsa.map_or(" ".to_string(), |r| {
                format!(" {}..{}, {} ", r.min, r.max, r.c_end)
            });
            table += &format!(
                "| `{}` | spin | {} | {}..{} |{spsa}|\n",
                spin.name,
                defaults.join(" | "),
                spin.min,
                spin.max
            );
        }
        table
    }
}
