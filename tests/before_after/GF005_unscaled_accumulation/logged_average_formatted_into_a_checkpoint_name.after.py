# The window's average is computed from N and only formatted into a checkpoint's name
# (`"...{}".format(round(avg, 3))`): a string scales nothing, the loss is backpropagated whole.
import os

import torch


def fit(net, optimizer, batches, accum_steps, save_every, out_dir):
    running = 0.0
    updates = 0
    seen = 0
    while updates < 1000:
        seen += 1
        x, y = next(batches)
        loss = torch.nn.functional.mse_loss(net(x), y)
        (loss / accum_steps).backward()
        running += loss.item()
        if seen % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
            updates += 1
            if updates % save_every == 0:
                avg = running / (save_every * accum_steps)
                name = "step_{}_loss_{}".format(updates, round(avg, 5))
                tag = "avg=%.4f over %d" % (avg, accum_steps)
                torch.save(net.state_dict(), os.path.join(out_dir, name + ".pt"))
                print(tag)
                running = 0.0
