import torch


class GradNormScaler:
    state_dict_key = "amp_scaler"

    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, clip_grad=None, parameters=None, create_graph=False, update_grad=True):
        self._scaler.scale(loss).backward(create_graph=create_graph)
        if update_grad:
            if clip_grad is not None:
                self._scaler.unscale_(optimizer)
                norm = torch.nn.utils.clip_grad_norm_(parameters, clip_grad)
            else:
                norm = None
            self._scaler.step(optimizer)
            self._scaler.update()
        else:
            norm = None
        return norm


class Trainer:
    def __init__(self, net, opt, every):
        self.net = net
        self.opt = opt
        self.every = every
        self.scaler = GradNormScaler()

    def epoch(self, batches):
        scaler = GradNormScaler()
        step = 0
        while step < len(batches):
            images, labels = batches[step]
            self.opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(self.net(images), labels)
            flush = (step + 1) % self.every == 0
            scaler(loss, self.opt, clip_grad=1.0, parameters=self.net.parameters(), update_grad=flush)
            step += 1
