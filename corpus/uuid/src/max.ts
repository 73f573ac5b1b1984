export default 'ffffffff-ffff-ffff-ffff-ffffffffffff';
