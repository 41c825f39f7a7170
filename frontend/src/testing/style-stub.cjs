// Jest does not load CSS: a component's `import './x.css'` gets this empty module.
module.exports = {};
