import timm.optim
import torch


class Stage:
    def run(self, model, data, switch):
        opt = timm.optim.create_optimizer_v2(model.parameters(), opt="momentum", lr=0.05, momentum=0.9)
        decay = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        if switch:
            opt = timm.optim.create_optimizer_v2(model.parameters(), opt="lamb", lr=0.01)
        for _ in range(4):
            for sample, target in data:
                opt.zero_grad()
                torch.nn.functional.l1_loss(model(sample), target).backward()
                opt.step()
            decay.step()
