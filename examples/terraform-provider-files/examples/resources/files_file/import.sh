# A file is imported by its path, relative to the provider's base_dir.
terraform import files_file.motd motd.txt
