//! Generates the slider attack tables into `OUT_DIR/tables.rs`:
//! magic numbers for rooks and bishops (found here with a fixed-seed
//! generator, so every build produces the same tables), the shared
//! "fancy magic" attack table, and the `BETWEEN`/`LINE` tables.
//!
//! The indexing function (`magic_index`) is the same expression the crate
//! uses at run time (`attacks.rs`); the tests check every table entry
//! against a slow ray-walking attack function.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares attacked from `sq` along `dirs`, stopping at the first occupied square.
fn ray_attacks(sq: usize, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The occupancy bits that matter for a slider on `sq`: its empty-board
/// rays without the last square of each ray (the board edge).
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            mask |= 1u64 << (r * 8 + f);
        }
    }
    mask
}

fn magic_index(occupied: u64, mask: u64, magic: u64, shift: u32) -> usize {
    ((occupied & mask).wrapping_mul(magic) >> shift) as usize
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for every square and fills the shared attack table.
fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let size = 1usize << bits;

        // Every subset of the mask (Carry-Rippler enumeration) and its attacks.
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, ray_attacks(sq, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }

        let offset = table.len();
        table.resize(offset + size, 0);
        let mut used = vec![false; size];
        let magic = loop {
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            used.iter_mut().for_each(|u| *u = false);
            let mut ok = true;
            for &(occ, attacks) in &occupancies {
                let idx = magic_index(occ, mask, candidate, shift);
                if !used[idx] {
                    used[idx] = true;
                    table[offset + idx] = attacks;
                } else if table[offset + idx] != attacks {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn write_square_table(out: &mut String, name: &str, table: &[[u64; 64]; 64]) {
    writeln!(out, "pub(crate) static {name}: [[u64; 64]; 64] = [").unwrap();
    for row in table {
        out.push('[');
        for v in row {
            write!(out, "{v:#x},").unwrap();
        }
        out.push_str("],\n");
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut rng, &mut table);
    let bishop = find_magics(&BISHOP_DIRS, &mut rng, &mut table);

    // BETWEEN[a][b]: squares strictly between a and b on a shared line (else 0).
    // LINE[a][b]: the whole line through a and b, edge to edge (else 0).
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    for a in 0..64 {
        for b in 0..64 {
            if a == b {
                continue;
            }
            let bit_b = 1u64 << b;
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                if ray_attacks(a, 0, dirs) & bit_b != 0 {
                    between[a][b] = ray_attacks(a, bit_b, dirs) & ray_attacks(b, 1u64 << a, dirs);
                    line[a][b] =
                        (ray_attacks(a, 0, dirs) & ray_attacks(b, 0, dirs)) | (1 << a) | bit_b;
                }
            }
        }
    }

    let mut out = String::new();
    out.push_str("// Generated by build.rs: do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    writeln!(
        out,
        "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [",
        table.len()
    )
    .unwrap();
    for chunk in table.chunks(8) {
        for v in chunk {
            write!(out, "{v:#x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
    write_square_table(&mut out, "BETWEEN", &between);
    write_square_table(&mut out, "LINE", &line);

    let path =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    std::fs::write(path, out).expect("write generated tables");
}
