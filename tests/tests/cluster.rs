//! The batch-system recipes of `docs/cluster.md`, run as a user runs them:
//! `scripts/cluster-parallel` (GNU parallel, on local cores and on ssh
//! hosts) and `scripts/cluster-slurm` (a Slurm job array and a dependent
//! job), for a match and for `autotester tune`. A sharded run must equal
//! the same run in one process: game for game for a match, row for row of
//! the parameter history for tuning.
//!
//! Tests that need GNU parallel or Slurm say so and pass when it is
//! missing. Slurm is tried for real when its daemons are installed
//! (Debian's `slurmctld`, `slurmd`, `slurm-client` and `munge`): the test
//! starts a one-node cluster of its own, as the user running it, in a
//! scratch folder. Without them, a stand-in `sbatch` runs the job scripts
//! the Slurm script writes, with the variables Slurm sets.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use workspace_tests::binary;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace")
        .to_path_buf()
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cluster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path_text(p: &Path) -> String {
    p.display().to_string()
}

/// `program` on the PATH, or in the system folders a non-root PATH lacks.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    path.split(':')
        .map(PathBuf::from)
        .chain(["/usr/sbin", "/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

fn write_executable(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write a script");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

// ---- The runs compared ------------------------------------------------------

/// A small chess match: two copies of our engine at depths 2 and 3, five
/// rounds (ten games), as one machine would play it.
fn match_args() -> Vec<String> {
    let chess = path_text(&binary("chess-engine"));
    format!(
        "-engine cmd={chess} name=depth2 depth=2 -engine cmd={chess} name=depth3 depth=3 \
         -game chess -rounds 5 -quiet"
    )
    .split_whitespace()
    .map(String::from)
    .collect()
}

/// Each game by round and players: its moves and result.
fn games(pgn: &Path) -> BTreeMap<(u32, String, String), String> {
    let games = workbench::pgn::read_file(pgn).expect("a PGN");
    games
        .iter()
        .map(|g| {
            let tag = |t: &str| g.tag(t).unwrap_or("?").to_string();
            let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
            let round = tag("Round").parse().expect("a round number");
            (
                (round, tag("White"), tag("Black")),
                format!("{} {}", moves.join(" "), tag("Result")),
            )
        })
        .collect()
}

/// The match's games played in one process (once per test binary).
fn single_match() -> &'static BTreeMap<(u32, String, String), String> {
    static GAMES: OnceLock<BTreeMap<(u32, String, String), String>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let d = scratch("single-match");
        let pgn = d.join("single.pgn");
        let mut args = match_args();
        args.extend(["-pgnout".into(), format!("file={}", pgn.display())]);
        let out = Command::new(binary("autotester"))
            .args(&args)
            .output()
            .expect("run autotester");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let games = games(&pgn);
        assert_eq!(games.len(), 10);
        games
    })
}

const PARAMS: &str = "[[param]]\nname = \"A\"\nstart = 0\nmin = -100\nmax = 100\nc_end = 5\nr_end = 0.1\n\n\
                      [[param]]\nname = \"B\"\nstart = 20\nmin = -100\nmax = 100\nc_end = 5\nr_end = 0.1\n";

/// A tuning run of the mock engine (it plays best at A=30, B=-5): three
/// iterations of three game pairs, into `out`.
fn tune_args(d: &Path, out: &Path) -> Vec<String> {
    let params = d.join("params.toml");
    std::fs::write(&params, PARAMS).expect("write the parameters");
    let engine = format!(
        "{} --game leiserchess --peak A=30,B=-5",
        path_text(&binary("mock-engine"))
    );
    let words = [
        "tune",
        "--params",
        &path_text(&params),
        "--engine",
        &engine,
        "--game",
        "leiserchess",
        "--depth",
        "1",
        "--iterations",
        "3",
        "--pairs",
        "3",
        "--openings",
        "plies=4",
        "--seed",
        "5",
        "--quiet",
        "--out",
        &path_text(out),
    ];
    words.iter().map(|s| s.to_string()).collect()
}

fn history(out: &Path) -> Vec<String> {
    std::fs::read_to_string(out.join("history.csv"))
        .expect("history.csv")
        .lines()
        .map(String::from)
        .collect()
}

/// The tuning run's history played in one process.
fn single_tune() -> &'static Vec<String> {
    static HISTORY: OnceLock<Vec<String>> = OnceLock::new();
    HISTORY.get_or_init(|| {
        let d = scratch("single-tune");
        let out = Command::new(binary("autotester"))
            .args(tune_args(&d, &d.join("out")))
            .output()
            .expect("run autotester");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let rows = history(&d.join("out"));
        assert_eq!(rows.len(), 5, "{rows:?}");
        rows
    })
}

/// Runs `scripts/NAME` with `options`, then `--` and `args`; it must succeed.
fn script(name: &str, options: &[String], args: &[String], env: &[(&str, String)]) -> Output {
    let out = try_script(name, options, args, env);
    assert!(
        out.status.success(),
        "{name}: {}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// Runs `scripts/NAME` with `options`, then `--` and `args`.
fn try_script(name: &str, options: &[String], args: &[String], env: &[(&str, String)]) -> Output {
    Command::new(root().join("scripts").join(name))
        .args(options)
        .arg("--autotester")
        .arg(binary("autotester"))
        .arg("--")
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .expect("run the script")
}

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

// ---- GNU parallel -----------------------------------------------------------

fn have_parallel() -> bool {
    let found = find("parallel").is_some();
    if !found {
        eprintln!("skipped: GNU parallel is not installed (Debian: apt-get install parallel)");
    }
    found
}

#[test]
fn parallel_shards_on_local_cores_equal_a_single_run() {
    if !have_parallel() {
        return;
    }
    let d = scratch("parallel");
    let options = words(&format!("--shards 2 --jobs 2 --dir {}", d.display()));
    let out = script("cluster-parallel", &options, &match_args(), &[]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Merged 10 games from 2 file(s)"),
        "{stdout}"
    );
    // Each shard played its own rounds: 1, 3, 5 and 2, 4.
    assert_eq!(games(&d.join("shard-1.pgn")).len(), 6);
    assert_eq!(games(&d.join("shard-2.pgn")).len(), 4);
    assert_eq!(&games(&d.join("all.pgn")), single_match());
    let _ = std::fs::remove_dir_all(&d);
}

/// An `ssh` for parallel's `--ssh` that runs the command here, in the home
/// folder and with the login shell `shell` in `SHELL` as sshd would, and
/// notes the host it was meant for. (Parallel's remote wrapper runs the
/// job with `$SHELL`; CI runs the tests without one.)
fn fake_ssh(d: &Path, shell: &str) -> PathBuf {
    let path = d.join("fake-ssh");
    let log = d.join("hosts.log");
    write_executable(
        &path,
        &format!(
            "#!/bin/bash\n\
             while [ $# -gt 0 ]; do\n\
               case \"$1\" in\n\
                 -l|-p|-o|-i) shift 2 ;;\n\
                 -*) shift ;;\n\
                 *) echo \"$1\" >> {log}; shift; break ;;\n\
               esac\n\
             done\n\
             [ \"${{1-}}\" = -- ] && shift\n\
             export SHELL={shell}\n\
             cd \"$HOME\" && exec bash -c \"$*\"\n",
            log = log.display(),
        ),
    );
    path
}

#[test]
fn parallel_shards_on_ssh_hosts_equal_a_single_run() {
    if !have_parallel() {
        return;
    }
    let d = scratch("parallel-ssh");
    let options = ssh_options(&d, "/bin/bash");
    script("cluster-parallel", &options, &match_args(), &[]);
    let hosts = std::fs::read_to_string(d.join("hosts.log")).expect("the hosts used");
    let mut hosts: Vec<&str> = hosts.lines().collect();
    hosts.sort_unstable();
    assert_eq!(hosts, ["nodeA", "nodeB"]);
    assert_eq!(&games(&d.join("run/all.pgn")), single_match());
    let _ = std::fs::remove_dir_all(&d);
}

/// Two ssh hosts, nodeA and nodeB, reached through `fake_ssh`.
fn ssh_options(d: &Path, shell: &str) -> Vec<String> {
    words(&format!(
        "--shards 2 --sshlogin 1/nodeA,1/nodeB --ssh {} --dir {}",
        fake_ssh(d, shell).display(),
        d.join("run").display()
    ))
}

/// Parallel reports success for remote jobs it could not start (no login
/// shell): the script must notice the missing PGNs and name them.
#[test]
fn parallel_jobs_that_never_ran_are_named() {
    if !have_parallel() {
        return;
    }
    let d = scratch("parallel-no-shell");
    let out = try_script(
        "cluster-parallel",
        &ssh_options(&d, "''"),
        &match_args(),
        &[],
    );
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    for k in [1, 2] {
        let pgn = d.join(format!("run/shard-{k}.pgn"));
        assert!(
            stderr.contains(&format!("no {}: its job did not run", pgn.display())),
            "{stderr}"
        );
    }
    assert!(
        !stderr.contains("cannot read"),
        "merge must not start: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A sharded tune that the autotester refuses (settings that differ from
/// the saved run) does not end in "rerun the same command", which would
/// only be refused again (issue 40, item 6).
#[test]
fn parallel_tune_refused_for_other_settings_says_to_change_the_command() {
    if !have_parallel() {
        return;
    }
    let d = scratch("parallel-tune-refused");
    let options = words(&format!("--shards 2 --dir {}", d.join("jobs").display()));
    let first = tune_args(&d, &d.join("out"));
    script("cluster-parallel", &options, &first, &[]);
    let mut other = first.clone();
    let depth_at = other.iter().position(|w| w == "--depth").expect("--depth");
    other[depth_at + 1] = "2".to_string();
    let out = try_script("cluster-parallel", &options, &other, &[]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("change the command"), "{stderr}");
    assert!(
        !stderr.contains("rerun the same command to go on:\n"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn parallel_tune_shards_give_the_history_of_a_single_process() {
    if !have_parallel() {
        return;
    }
    let d = scratch("parallel-tune");
    let options = words(&format!("--shards 2 --dir {}", d.join("jobs").display()));
    let out = script(
        "cluster-parallel",
        &options,
        &tune_args(&d, &d.join("out")),
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("iteration 3/3: plus +"), "{stdout}");
    assert_eq!(&history(&d.join("out")), single_tune());
    let _ = std::fs::remove_dir_all(&d);
}

// ---- Slurm ------------------------------------------------------------------

#[test]
fn slurm_dry_run_prints_an_array_and_a_dependent_merge() {
    let d = scratch("slurm-dry");
    let options = words(&format!(
        "--shards 3 --throttle 2 --dry-run --dir {} --sbatch --partition=short",
        d.display()
    ));
    let out = script("cluster-slurm", &options, &match_args(), &[]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let shards = d.join("shards.sbatch");
    assert_eq!(
        lines[0],
        format!(
            "sbatch --parsable --kill-on-invalid-dep=yes --partition=short --array=1-3%2 {}",
            shards.display()
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "sbatch --parsable --kill-on-invalid-dep=yes --partition=short --dependency=afterok:1001 {}",
            d.join("merge.sbatch").display()
        )
    );
    let job = std::fs::read_to_string(&shards).expect("the array's job script");
    assert!(job.contains("K=${SLURM_ARRAY_TASK_ID:?"), "{job}");
    assert!(
        job.contains(&format!(
            "-shard $K/3 -pgnout file={}/shard-$K.pgn",
            d.display()
        )),
        "{job}"
    );
    // Nothing was played, and the last line says nothing was submitted
    // (issue 40, item 6: it said "Submitted the shards as job 1001").
    assert!(!d.join("shard-1.pgn").exists());
    let last = lines.last().copied().unwrap_or_default();
    assert!(last.starts_with("Dry run: nothing submitted."), "{stdout}");
    assert!(!stdout.contains("Submitted"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Without Slurm's tools the script says so, before writing anything
/// (issue 40, item 6: it ended in `sbatch: command not found`, rc 127).
#[test]
fn slurm_without_sbatch_says_what_is_missing() {
    let d = scratch("slurm-missing");
    let options = words(&format!("--dir {}", d.display()));
    let env = [("SBATCH", "no-such-sbatch".to_string())];
    let out = try_script("cluster-slurm", &options, &match_args(), &env);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("'no-such-sbatch' is not installed"),
        "{stderr}"
    );
    assert!(!stderr.contains("command not found"), "{stderr}");
    assert!(!d.join("shards.sbatch").exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&d);
}

/// A stand-in for `sbatch`: runs each job at once, in the order submitted
/// (so a job's dependency has finished), an array's tasks one after
/// another with the variables Slurm sets; `afterok` on a failed job skips
/// the job. Prints the job id, as `--parsable` does.
fn fake_sbatch(d: &Path) -> PathBuf {
    let path = d.join("fake-sbatch");
    write_executable(
        &path,
        &format!(
            r#"#!/bin/bash
log={log}
echo "$*" >> "$log"
array="" after="" script=""
for a in "$@"; do
  case "$a" in
    --array=*) array=${{a#--array=}}; array=${{array%%%*}} ;;
    --dependency=afterok:*) after=${{a#--dependency=afterok:}} ;;
    -*) ;;
    *) script=$a ;;
  esac
done
id=$((100 + $(wc -l < "$log")))
if [ -n "$after" ] && [ -e "$log.failed-$after" ]; then
  touch "$log.failed-$id"
elif [ -n "$array" ]; then
  first=${{array%-*}} last=${{array#*-}}
  for k in $(seq "$first" "$last"); do
    SLURM_JOB_ID=$id SLURM_ARRAY_JOB_ID=$id SLURM_ARRAY_TASK_ID=$k \
      SLURM_ARRAY_TASK_COUNT=$((last - first + 1)) bash "$script" >> "$log.out" 2>&1 \
      || touch "$log.failed-$id"
  done
else
  SLURM_JOB_ID=$id bash "$script" >> "$log.out" 2>&1 || touch "$log.failed-$id"
fi
echo "$id"
"#,
            log = d.join("sbatch.log").display()
        ),
    );
    path
}

#[test]
fn slurm_jobs_run_by_a_stand_in_sbatch_equal_a_single_run() {
    let d = scratch("slurm-stand-in");
    let env = [("SBATCH", path_text(&fake_sbatch(&d)))];
    let options = words(&format!("--shards 2 --dir {}", d.join("run").display()));
    let out = script("cluster-slurm", &options, &match_args(), &env);
    assert!(
        text(&out.stdout).contains("Submitted the shards as job 101 and the merge as job 102"),
        "{}",
        text(&out.stdout)
    );
    let log = std::fs::read_to_string(d.join("sbatch.log.out")).unwrap_or_default();
    assert!(log.contains("Merged 10 games from 2 file(s)"), "{log}");
    assert_eq!(&games(&d.join("run/all.pgn")), single_match());

    let options = words(&format!("--shards 2 --dir {}", d.join("jobs").display()));
    script(
        "cluster-slurm",
        &options,
        &tune_args(&d, &d.join("out")),
        &env,
    );
    let submitted = std::fs::read_to_string(d.join("sbatch.log")).expect("sbatch.log");
    // The match's two jobs, then an array and a collect job per iteration.
    assert_eq!(submitted.lines().count(), 2 + 3 * 2, "{submitted}");
    assert!(!d.join("sbatch.log.failed-103").exists());
    assert_eq!(&history(&d.join("out")), single_tune());
    let _ = std::fs::remove_dir_all(&d);
}

/// A one-node Slurm cluster of the user running the test, in a scratch
/// folder, with a munge daemon of its own; shut down when dropped.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
}

/// The programs a one-node cluster needs, when all are installed.
fn slurm_programs() -> Option<[PathBuf; 5]> {
    let found = ["munged", "slurmctld", "slurmd", "sbatch", "scontrol"].map(find);
    if found.iter().any(Option::is_none) {
        return None;
    }
    Some(found.map(|p| p.expect("checked")))
}

impl Cluster {
    fn start(dir: &Path) -> Result<Cluster, String> {
        let _ = std::fs::remove_dir_all(dir);
        let [munged, slurmctld, slurmd, _, _] =
            slurm_programs().ok_or("Slurm or munge is not installed")?;
        for sub in ["munge", "state", "spool"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| e.to_string())?;
        }
        let socket = start_munged(&munged, &dir.join("munge"))?;
        let cluster = Cluster {
            dir: dir.to_path_buf(),
            conf: dir.join("slurm.conf"),
        };
        std::fs::write(&cluster.conf, slurm_conf(dir, &socket)?).map_err(|e| e.to_string())?;
        run_ok(cluster.command(slurmctld).arg("-f").arg(&cluster.conf))?;
        run_ok(cluster.command(slurmd).arg("-f").arg(&cluster.conf))?;
        cluster.wait_until_idle()?;
        Ok(cluster)
    }

    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", &self.conf);
        c
    }

    fn wait_until_idle(&self) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            let out = self
                .command(find("sinfo").ok_or("no sinfo")?)
                .args(["-h", "-o", "%t"])
                .output()
                .map_err(|e| e.to_string())?;
            if text(&out.stdout).trim() == "idle" {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        Err(format!(
            "the node did not come up: see {}",
            self.dir.display()
        ))
    }

    /// Waits until no job is queued or running.
    fn wait_for_jobs(&self, limit: Duration) {
        let squeue = find("squeue").expect("squeue");
        let deadline = Instant::now() + limit;
        loop {
            let out = self
                .command(&squeue)
                .args(["-h", "-o", "%i %T %r"])
                .output()
                .expect("run squeue");
            let queue = text(&out.stdout);
            if queue.trim().is_empty() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "jobs still queued:\n{queue}\nlogs in {}",
                self.dir.display()
            );
            std::thread::sleep(Duration::from_millis(300));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // The daemons this test started, each by its pid file.
        if let Some(scontrol) = find("scontrol") {
            let _ = self.command(scontrol).arg("shutdown").output();
        }
        std::thread::sleep(Duration::from_millis(500));
        for pid_file in ["slurmd.pid", "slurmctld.pid", "munge/munged.pid"] {
            if let Ok(pid) = std::fs::read_to_string(self.dir.join(pid_file)) {
                let _ = Command::new("kill").arg(pid.trim()).output();
            }
        }
    }
}

/// Starts a munge daemon with a new key in `folder`; returns its socket.
fn start_munged(munged: &Path, folder: &Path) -> Result<PathBuf, String> {
    let chmod = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
            .map_err(|e| e.to_string())
    };
    // munged wants its key private and its socket's folder searchable.
    chmod(folder, 0o711)?;
    let key = folder.join("munge.key");
    let bytes: Vec<u8> = (0..1024).map(|_| rand::random::<u8>()).collect();
    std::fs::write(&key, bytes).map_err(|e| e.to_string())?;
    chmod(&key, 0o400)?;
    let socket = folder.join("munge.socket");
    let file = |name: &str| folder.join(name).display().to_string();
    run_ok(
        Command::new(munged)
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!("--pid-file={}", file("munged.pid")))
            .arg(format!("--log-file={}", file("munged.log")))
            .arg(format!("--seed-file={}", file("seed")))
            .arg("--force"),
    )?;
    Ok(socket)
}

/// A one-node cluster's configuration: this host, daemons run by the
/// user running the test, files in `dir`, authentication by the munge
/// daemon at `socket`, the scheduler quick to start dependent jobs.
fn slurm_conf(dir: &Path, socket: &Path) -> Result<String, String> {
    let word = |program: &str, arg: &str| -> Result<String, String> {
        let out = run_ok(Command::new(program).arg(arg))?;
        Ok(text(&out.stdout).trim().to_string())
    };
    let (user, host) = (word("id", "-un")?, word("hostname", "-s")?);
    // Ports of this test process's own, so that two runs do not meet.
    let port = 20000 + (std::process::id() % 20000) as u16;
    let d = dir.display();
    Ok(format!(
        "ClusterName=autotester-test\nSlurmctldHost={host}\nSlurmUser={user}\nSlurmdUser={user}\n\
         SlurmctldPort={port}\nSlurmdPort={}\nAuthType=auth/munge\nCredType=cred/munge\n\
         AuthInfo=socket={}\nStateSaveLocation={d}/state\nSlurmdSpoolDir={d}/spool\n\
         SlurmctldPidFile={d}/slurmctld.pid\nSlurmdPidFile={d}/slurmd.pid\n\
         SlurmctldLogFile={d}/slurmctld.log\nSlurmdLogFile={d}/slurmd.log\n\
         ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
         JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n\
         SchedulerType=sched/builtin\nSelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n\
         MpiDefault=none\nReturnToService=2\nSlurmdTimeout=30\n\
         SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000\n\
         NodeName={host} CPUs=2 State=UNKNOWN\n\
         PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
        port + 1,
        socket.display()
    ))
}

fn run_ok(command: &mut Command) -> Result<Output, String> {
    let out = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!("{command:?}: {}", text(&out.stderr)))
    }
}

#[test]
fn slurm_on_a_one_node_cluster_equals_a_single_run() {
    if slurm_programs().is_none() {
        eprintln!(
            "skipped: Slurm is not installed (Debian: slurmctld slurmd slurm-client munge); \
             the stand-in sbatch test ran the job scripts instead"
        );
        return;
    }
    let d = scratch("slurm");
    let cluster = match Cluster::start(&d.join("cluster")) {
        Ok(c) => c,
        Err(e) => panic!("cannot start a one-node Slurm: {e}"),
    };
    let env = [("SLURM_CONF", path_text(&cluster.conf))];
    let options = words(&format!("--shards 2 --dir {}", d.join("run").display()));
    script("cluster-slurm", &options, &match_args(), &env);
    let options = words(&format!("--shards 2 --dir {}", d.join("jobs").display()));
    script(
        "cluster-slurm",
        &options,
        &tune_args(&d, &d.join("out")),
        &env,
    );
    cluster.wait_for_jobs(Duration::from_secs(120));
    assert_eq!(&games(&d.join("run/all.pgn")), single_match());
    assert_eq!(&history(&d.join("out")), single_tune());
    drop(cluster);
    let _ = std::fs::remove_dir_all(&d);
}
