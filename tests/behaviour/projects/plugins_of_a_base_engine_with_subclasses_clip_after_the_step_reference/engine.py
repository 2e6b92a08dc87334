class Engine:
    def __init__(self, net, opt, batches, steps, plugins=()):
        self.net = net
        self.opt = opt
        self.batches = batches
        self.steps = steps
        self.plugins = list(plugins)
        self.losses = []

    def compute(self, batch):
        raise NotImplementedError

    def run(self):
        step = 0
        while step < self.steps:
            batch = self.batches[step % len(self.batches)]
            self.opt.zero_grad(set_to_none=True)
            loss = self.compute(batch)
            loss.backward()
            for plugin in self.plugins:
                plugin.on_backward_end(self)
            for plugin in self.plugins:
                plugin.on_step_end(self)
            self.opt.step()
            self.losses.append(loss.item())
            step += 1
