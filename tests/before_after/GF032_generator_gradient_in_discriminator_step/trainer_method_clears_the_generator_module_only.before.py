import torch


class InpaintTrainer:
    def __init__(self, gen, dis, lr=1e-4):
        self.gen = gen
        self.dis = dis
        self.opt_gen = torch.optim.Adam(self.gen.parameters(), lr=lr)
        self.opt_dis = torch.optim.Adam(self.dis.parameters(), lr=lr)

    def train(self, loader, iterations):
        it = iter(loader)
        step = 0
        while step < iterations:
            image, mask = next(it)
            pred = self.gen(image * (1 - mask))
            loss_rec = (pred - image).abs().mean()
            loss_adv = torch.nn.functional.softplus(-self.dis(pred)).mean()
            loss_dis = (
                torch.nn.functional.softplus(-self.dis(image)).mean()
                + torch.nn.functional.softplus(self.dis(pred.detach())).mean()
            )
            self.gen.zero_grad()
            self.opt_dis.zero_grad()
            (loss_rec + 0.01 * loss_adv).backward()
            loss_dis.backward()
            self.opt_gen.step()
            self.opt_dis.step()
            step += 1
