//! The "example cloud" the provider manages: an API kept in a directory, one JSON file per
//! object, so that every provider process Terraform starts sees the same objects. It behaves
//! as seed 002's examples describe a cloud: it assigns ids and creation times, accepts an
//! image name in any case and keeps it in lower case, and bumps an instance's revision on
//! every change.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A virtual machine as the API keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InstanceRecord {
    pub id: String,
    pub name: String,
    /// Always in lower case.
    pub base_image: String,
    pub instance_type: String,
    pub cpus: Option<i64>,
    pub ssh_key: Option<String>,
    pub password: Option<String>,
    pub subnet_id: Option<String>,
    pub private_ip: Option<String>,
    pub tags: Option<std::collections::BTreeMap<String, String>>,
    pub disks: Vec<DiskRecord>,
    pub flavor: Option<String>,
    /// 1 when created, one more on each change.
    pub revision: i64,
    pub created_at: String,
}

/// A disk attached to an instance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiskRecord {
    pub size_gb: i64,
    pub label: Option<String>,
}

/// A block volume as the API keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VolumeRecord {
    pub id: String,
    pub name: String,
    pub encrypted: bool,
    pub size_gb: Option<i64>,
    pub snapshot_id: Option<String>,
    pub zone: Option<String>,
    pub placement_group: Option<String>,
}

/// A storage bucket as the API keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BucketRecord {
    pub id: String,
    pub name: String,
    pub name_prefix: String,
    pub keepers: Option<std::collections::BTreeMap<String, Option<String>>>,
    #[serde(default)]
    pub readers: Option<Vec<String>>,
    /// A JSON document, which the API keeps compact, its keys sorted.
    #[serde(default)]
    pub policy: Option<String>,
}

/// The API of one account: a directory.
#[derive(Clone, Debug)]
pub struct Cloud {
    dir: PathBuf,
}

/// A kind of object and its directory.
trait Record: Serialize + DeserializeOwned {
    const KIND: &'static str;
    const PREFIX: &'static str;
    fn id(&self) -> &str;
}

impl Record for InstanceRecord {
    const KIND: &'static str = "instances";
    const PREFIX: &'static str = "i";
    fn id(&self) -> &str {
        &self.id
    }
}

impl Record for VolumeRecord {
    const KIND: &'static str = "volumes";
    const PREFIX: &'static str = "vol";
    fn id(&self) -> &str {
        &self.id
    }
}

impl Record for BucketRecord {
    const KIND: &'static str = "buckets";
    const PREFIX: &'static str = "b";
    fn id(&self) -> &str {
        &self.id
    }
}

impl Cloud {
    /// The account kept in `dir` (made when missing).
    ///
    /// # Errors
    /// The directory cannot be made.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<Cloud> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(Cloud { dir })
    }

    /// The directory the account is kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path<R: Record>(&self, id: &str) -> PathBuf {
        self.dir.join(R::KIND).join(format!("{id}.json"))
    }

    /// A new id of kind `R`: `i-0001`, `vol-0003`.
    fn next_id<R: Record>(&self) -> io::Result<String> {
        let counter = self.dir.join(format!("{}.next", R::KIND));
        let next = match fs::read_to_string(&counter) {
            Ok(text) => text.trim().parse::<u64>().unwrap_or(1),
            Err(error) if error.kind() == io::ErrorKind::NotFound => 1,
            Err(error) => return Err(error),
        };
        fs::write(&counter, (next + 1).to_string())?;
        Ok(format!("{}-{next:04}", R::PREFIX))
    }

    fn put<R: Record>(&self, record: &R) -> io::Result<()> {
        let path = self.path::<R>(record.id());
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        let text = serde_json::to_string_pretty(record).map_err(io::Error::other)?;
        fs::write(path, text)
    }

    fn get<R: Record>(&self, id: &str) -> io::Result<Option<R>> {
        match fs::read_to_string(self.path::<R>(id)) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error),
        }
    }

    fn remove<R: Record>(&self, id: &str) -> io::Result<()> {
        match fs::remove_file(self.path::<R>(id)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// Creates an instance: the API assigns its id, revision 1 and its creation time, and
    /// keeps the image name in lower case.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn create_instance(&self, mut record: InstanceRecord) -> io::Result<InstanceRecord> {
        record.id = self.next_id::<InstanceRecord>()?;
        record.base_image = record.base_image.to_lowercase();
        record.revision = 1;
        record.created_at = now();
        self.put(&record)?;
        Ok(record)
    }

    /// The instance `id`, or `None` when it does not exist.
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn instance(&self, id: &str) -> io::Result<Option<InstanceRecord>> {
        self.get(id)
    }

    /// Changes the instance `record.id` to `record`: the API bumps the revision and keeps the
    /// id and creation time.
    ///
    /// # Errors
    /// No such instance, or the directory cannot be written.
    pub fn update_instance(&self, mut record: InstanceRecord) -> io::Result<InstanceRecord> {
        let Some(current) = self.instance(&record.id)? else {
            return Err(io::Error::new(io::ErrorKind::NotFound, "no such instance"));
        };
        record.base_image = record.base_image.to_lowercase();
        record.revision = current.revision + 1;
        record.created_at = current.created_at;
        self.put(&record)?;
        Ok(record)
    }

    /// Deletes the instance `id`; one already gone is fine.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn delete_instance(&self, id: &str) -> io::Result<()> {
        self.remove::<InstanceRecord>(id)
    }

    /// Creates a volume with a new id.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn create_volume(&self, mut record: VolumeRecord) -> io::Result<VolumeRecord> {
        record.id = self.next_id::<VolumeRecord>()?;
        self.put(&record)?;
        Ok(record)
    }

    /// The volume `id`, or `None` when it does not exist.
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn volume(&self, id: &str) -> io::Result<Option<VolumeRecord>> {
        self.get(id)
    }

    /// Changes the volume `record.id`.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn update_volume(&self, record: &VolumeRecord) -> io::Result<()> {
        self.put(record)
    }

    /// Deletes the volume `id`; one already gone is fine.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn delete_volume(&self, id: &str) -> io::Result<()> {
        self.remove::<VolumeRecord>(id)
    }
}

impl Cloud {
    /// Creates a bucket with a new id; a name already taken is refused, as a real API does.
    ///
    /// # Errors
    /// The name is taken, or the directory cannot be written.
    pub fn create_bucket(&self, mut record: BucketRecord) -> io::Result<BucketRecord> {
        if self
            .buckets()?
            .iter()
            .any(|bucket| bucket.name == record.name)
        {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("a bucket named {:?} already exists", record.name),
            ));
        }
        record.id = self.next_id::<BucketRecord>()?;
        record.policy = record.policy.map(|policy| compact_json(&policy));
        self.put(&record)?;
        Ok(record)
    }

    /// [`create_bucket`](Cloud::create_bucket) through a slow API: a bucket whose name starts
    /// with `slow` takes two seconds.
    ///
    /// # Errors
    /// As `create_bucket`.
    pub async fn create_bucket_slowly(&self, record: BucketRecord) -> io::Result<BucketRecord> {
        if record.name.starts_with("slow") {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        }
        self.create_bucket(record)
    }

    /// Waits for a new bucket to be ready. A bucket whose name starts with `flaky` is not, the
    /// first time in an account: the example of an API that made the object and then failed.
    ///
    /// # Errors
    /// The bucket is not ready, or the directory cannot be written.
    pub fn wait_until_ready(&self, bucket: &BucketRecord) -> io::Result<()> {
        let tried = self.dir.join("flaky.tried");
        if bucket.name.starts_with("flaky") && !tried.exists() {
            fs::write(tried, &bucket.id)?;
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("bucket {} did not become ready", bucket.id),
            ));
        }
        Ok(())
    }

    /// The bucket `id`, or `None` when it does not exist.
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn bucket(&self, id: &str) -> io::Result<Option<BucketRecord>> {
        self.get(id)
    }

    /// Every bucket.
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn buckets(&self) -> io::Result<Vec<BucketRecord>> {
        let dir = self.dir.join(BucketRecord::KIND);
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(error),
        };
        let mut buckets = Vec::new();
        for entry in entries {
            let path = entry?.path();
            let id = path
                .file_stem()
                .and_then(|stem| stem.to_str())
                .unwrap_or_default();
            if let Some(bucket) = self.bucket(id)? {
                buckets.push(bucket);
            }
        }
        Ok(buckets)
    }

    /// Changes the bucket `record.id`.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn update_bucket(&self, record: &mut BucketRecord) -> io::Result<()> {
        record.policy = record.policy.as_deref().map(compact_json);
        self.put(record)
    }

    /// Deletes the bucket `id`; one already gone is fine.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn delete_bucket(&self, id: &str) -> io::Result<()> {
        self.remove::<BucketRecord>(id)
    }
}

/// A JSON document as the API keeps it: compact, keys sorted (text that is not JSON as it is).
fn compact_json(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .map_or_else(|_| text.to_owned(), |value| value.to_string())
}

/// The current time as RFC 3339 in UTC, to the second.
fn now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_784), (2026, 11, 27));
    }

    #[test]
    fn the_api_assigns_ids_lowercases_images_and_bumps_revisions() {
        let dir = tempfile::tempdir().unwrap();
        let cloud = Cloud::open(dir.path()).unwrap();
        let record = InstanceRecord {
            id: String::new(),
            name: "bastion".into(),
            base_image: "UBunTu_17.10".into(),
            instance_type: "small".into(),
            cpus: None,
            ssh_key: None,
            password: None,
            subnet_id: None,
            private_ip: None,
            tags: None,
            disks: Vec::new(),
            flavor: None,
            revision: 0,
            created_at: String::new(),
        };
        let created = cloud.create_instance(record).unwrap();
        assert_eq!(created.id, "i-0001");
        assert_eq!(created.base_image, "ubuntu_17.10");
        assert_eq!(created.revision, 1);
        let updated = cloud.update_instance(created.clone()).unwrap();
        assert_eq!(updated.revision, 2);
        assert_eq!(updated.created_at, created.created_at);
        assert_eq!(cloud.instance("i-0001").unwrap(), Some(updated));
        cloud.delete_instance("i-0001").unwrap();
        assert_eq!(cloud.instance("i-0001").unwrap(), None);
    }
}
