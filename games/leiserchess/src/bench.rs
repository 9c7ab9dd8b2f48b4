//! Fixed positions for the `bench` command: the start position and
//! positions from seeded random games (`examples/genbench.rs`).

/// Bench positions (FEN).
pub const POSITIONS: &[&str] = &[
    crate::fen::START_FEN,
    "ss7/3nwse3/2nwse4/2se3NW1/nwse3SENW1/4NW1SE1/3SESE3/7SS B",
    "1nw2nw3/2ss5/1nw1sw4/5NENW1/4NW3/8/3SE2EE1/4SE3 W",
    "ss7/2sw5/4ne3/SW4NE2/8/2SW1sw2NN/8/3SW4 B",
    "ww7/5SE2/NWne1se2se1/5SW2/2ne1NWsw2/3nw4/8/2NW4NN B",
    "ss1nw5/1nw4se1/6NW1/1nwnw1NENW2/6SE1/3nw4/6NW1/3NW1SE1NN W",
    "ss4sw2/nw2nw4/2nw1se3/2se5/1se3NESE1/3SW1SE2/5SE2/4NW2NN B",
    "ss2sw4/2NW5/3NEne3/1NW3nenw1/2se1sw3/8/2SE4NN/4SE3 W",
    "ss7/2nwnwse3/3se4/nw1se3SE1/1se2SESWSE1/4NW3/3NW4/5SE1NN W",
    "8/2nw3SW1/ss3ne1NW1/4se3/1SW1se4/7SS/4NWse2/2NW4ne B",
    "ss1ne1NW3/8/2sesw4/1nw1nw2SE1/1se3NW1SE/5SE2/3SWswNE2/7NN B",
    "ss2ne4/3se4/3sesw3/3se2NW1/6NE1/2nw1SESE2/4SW3/4SE1NWNN B",
    "8/1ee6/2se3NENE/sw5NW1/3se1sw1NW/3SWnwSE2/8/3NE2SS1 W",
    "8/nn2nenw3/3se4/1nwnwsw1nwNW1/SW6NN/4NE1SE1/2NW2SE2/8 W",
    "1ss2se3/3nwse3/2nw3NW1/1nw5SE/4SE3/2SE1NWSW2/4SE3/2se4NN W",
    "ss3se3/1sw2se3/2NEne4/2NW2NW2/4SW1NE1/1sw3SW2/2neNW4/6EE1 B",
];
