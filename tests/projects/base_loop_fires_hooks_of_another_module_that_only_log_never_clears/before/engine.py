class Engine:
    def __init__(self, net, opt, batches, hooks=()):
        self.net = net
        self.opt = opt
        self.batches = batches
        self.hooks = list(hooks)

    def forward_loss(self, batch):
        raise NotImplementedError

    def fire(self, event):
        for hook in self.hooks:
            getattr(hook, event)(self)

    def run(self, epochs):
        for _ in range(epochs):
            for batch in self.batches:
                self.fire("on_batch_start")
                loss = self.forward_loss(batch)
                loss.backward()
                self.fire("on_after_backward")
                self.opt.step()
