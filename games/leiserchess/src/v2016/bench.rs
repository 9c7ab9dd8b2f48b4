//! Fixed positions for the `bench` command under the 2016 rules: the start
//! position and positions from seeded random games
//! (`examples/genbench.rs --2016`).

/// The depth of `bench`.
pub const DEPTH: u32 = 8;

/// Bench positions (FEN).
pub const POSITIONS: &[&str] = &[
    super::START_FEN,
    "ss3sw3/3nw4/2nw1nw3/2nw2SESE1/nw2nw2SE1/3SE1NW2/6SW1/3SE3NN B",
    "ss3se3/3nw4/8/1nw2seSE1SE/4SENEEE1/4SW1sw1/4SW3/3SE4 W",
    "ne7/5nw1NE/1ww2SE3/8/nw3ne3/4SE3/4NWSE2/2ne4WW B",
    "2ss5/1ne6/3nw4/3nw3SW/2nw2NW2/8/8/4NE1WW1 B",
    "ss3nwnw2/8/1se2nw3/5SESE1/1swSE3SE1/1sw2SW3/3SE4/6WW1 W",
    "1sssw1nw3/3nw4/2nw2SE2/7SW/nw1sw5/3SE1SE2/4NW3/3SE3NN B",
    "1ww1nw4/1se4SE1/2nw5/2swnwNE3/2sw2SESE1/3nwSW3/3SE4/2NE3WW1 W",
    "ss3nw3/3nw4/nw1sw1neSE2/8/nwnw4SE1/3SE1SE2/2SE1SE3/7NN W",
    "1ee1nw4/3nesw3/4SE1SE1/2nw5/ne2NE3SE/2sw1SE3/6WW1/3swSE3 B",
    "ss3nw3/1nw1nwnw3/8/4seNWSW1/nw1nwSE2SE1/8/4NE3/3SW1SE1NN B",
    "8/wwnwswnw4/2nwnwNW3/3nw4/6SE1/1nw1SE1SW2/2NE1NW3/6NN1 B",
];
