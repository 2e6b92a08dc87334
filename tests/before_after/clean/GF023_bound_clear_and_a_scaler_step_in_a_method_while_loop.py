import torch


class Loop:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def run(self, batches):
        scaler = torch.amp.GradScaler("cuda")
        wipe = self.opt.zero_grad
        k = 0
        while k < len(batches):
            x, y = batches[k]
            wipe(set_to_none=True)
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
            scaler.scale(loss).backward()
            scaler.step(self.opt)
            scaler.update()
            k += 1
