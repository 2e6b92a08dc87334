import torch


def fit(encoder, seg_head, depth_head, stream, steps):
    seg_opt = torch.optim.Adam([*encoder.parameters(), *seg_head.parameters()], lr=1e-3)
    depth_opt = torch.optim.Adam([*encoder.parameters(), *depth_head.parameters()], lr=1e-3)
    n = 0
    while n < steps:
        task, x, y = next(stream)
        if task == "seg":
            seg_opt.zero_grad()
            torch.nn.functional.cross_entropy(seg_head(encoder(x)), y).backward()
            seg_opt.step()
        elif task == "depth":
            # wipe before the update (a bug)
            depth_opt.zero_grad()
            err = torch.nn.functional.l1_loss(depth_head(encoder(x)), y)
            err.backward()
            depth_opt.step()
        n += 1
